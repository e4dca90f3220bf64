/**
 * The Node HTTP server the site listens with (server/index.ts), and the client address every
 * per-IP rule reads (rate limits, sign-in throttling, analytics).
 *
 * A client that resets its connection right after sending a request leaves a socket whose peer
 * address Node can no longer read: `getpeername` fails once the kernel has seen the reset, so
 * `req.ip` is undefined by the time a middleware asks, and the request would escape its
 * client's rate-limit count. The address is therefore read when the connection is accepted
 * (Node keeps it on the socket from then on) and kept beside the socket as a fallback.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";
import { STREAM_BUFFER_BYTES } from "~/lib/request-body.server";
import { answerClientError } from "./client-errors";

const addresses = new WeakMap<Socket, string>();

/** For `server.on("connection", …)`: reads and keeps the peer address of a new connection. */
export function rememberClientAddress(socket: Socket): void {
  const address = socket.remoteAddress;
  if (address) addresses.set(socket, address);
}

/**
 * The address a request came from: Express's `req.ip` (TRUST_PROXY applied), else the
 * connection's address as it was when accepted; undefined only when neither was ever known.
 */
export function clientAddressOf(req: { ip?: string; socket?: Socket }): string | undefined {
  return req.ip ?? (req.socket ? addresses.get(req.socket) : undefined);
}

/**
 * An HTTP server for `handler` that keeps each connection's address from its start and answers
 * requests Node's parser refuses with the security headers (server/client-errors.ts).
 */
export function createHttpServer(handler: RequestListener): Server {
  const server = createServer({ highWaterMark: STREAM_BUFFER_BYTES }, handler);
  server.on("connection", rememberClientAddress);
  server.on("clientError", answerClientError);
  return server;
}

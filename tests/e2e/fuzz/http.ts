/**
 * A raw HTTP/1.1 client for the fuzz suite: any method, any header (or none), bodies sent whole
 * or chunked. Browsers' and Playwright's request APIs refuse some of these (TRACE, a missing
 * Content-Type with a body, chunked uploads), so this talks to the server with node:http.
 */
import http from "node:http";

export type FuzzBody =
  | { kind: "none" }
  | { kind: "bytes"; data: Buffer }
  /** `total` bytes of `fill` sent with Transfer-Encoding: chunked (no Content-Length). */
  | { kind: "chunked"; total: number; fill: string; prefix?: string };

export type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body: FuzzBody };

export type FuzzAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The server answered before the whole body was sent. */
  answeredEarly: boolean;
  /** Why no answer arrived (connection reset before a status line, timeout). */
  error?: string;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
/** Bodies longer than this are cut when read back (a page is ~60 KB). */
const MAX_READ = 2 * 1024 * 1024;

/** Sends one request to `origin` and resolves with the answer; never rejects. */
export function send(origin: string, request: FuzzRequest, timeoutMs = 20_000): Promise<FuzzAnswer> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    let settled = false;
    let bodyDone = false;
    const finish = (answer: FuzzAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A request whose body was cut short cannot go back into the keep-alive pool.
      if (!bodyDone) req.destroy();
      resolve(answer);
    };
    const headers = { ...request.headers };
    if (request.body.kind === "bytes") headers["content-length"] = String(request.body.data.length);
    if (request.body.kind === "chunked") headers["transfer-encoding"] = "chunked";
    const req = http.request({
      agent,
      host: url.hostname,
      port: url.port,
      method: request.method,
      // Sent exactly as given: the suite's malformed paths must reach the server unchanged.
      path: request.path,
      headers,
      setHost: true,
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: 0, headers: {}, body: "", answeredEarly: false, error: `no answer in ${timeoutMs} ms` });
    }, timeoutMs);
    req.on("response", (res) => {
      const answeredEarly = !bodyDone;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_READ) chunks.push(chunk);
      });
      const done = () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), answeredEarly });
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    req.on("error", (error) => finish({ status: 0, headers: {}, body: "", answeredEarly: false, error: error.message }));

    const body = request.body;
    if (body.kind === "none") {
      bodyDone = true;
      req.end();
    } else if (body.kind === "bytes") {
      bodyDone = true;
      req.end(body.data);
    } else {
      // Chunked: 16 KiB at a time, respecting back-pressure; stop once the server has answered.
      const piece = Buffer.from(body.fill.repeat(Math.ceil(16_384 / body.fill.length)).slice(0, 16_384));
      let sent = 0;
      if (body.prefix) {
        req.write(body.prefix);
        sent += Buffer.byteLength(body.prefix);
      }
      const pump = () => {
        while (sent < body.total && !settled && !req.destroyed) {
          const n = Math.min(piece.length, body.total - sent);
          sent += n;
          if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
            req.once("drain", pump);
            return;
          }
        }
        if (!req.destroyed && !req.writableEnded) {
          bodyDone = true;
          req.end();
        }
      };
      pump();
    }
  });
}

/** Closes the keep-alive connections. */
export function closeConnections() {
  agent.destroy();
}

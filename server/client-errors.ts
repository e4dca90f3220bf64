/**
 * Answers a request Node's HTTP parser refused before Express saw it (a request line or headers
 * over Node's 16 KiB limit, a malformed request line, a header timeout): the status Node would
 * send, plus the security headers every other answer carries (no answer without them;
 * OWASP Secure Headers), then the connection is closed.
 */
import type { Duplex } from "node:stream";

/** The headers of helmet's set that matter for an empty error answer, fixed: it has no scripts or frames. */
const SECURITY_HEADERS = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options: nosniff",
  "X-Frame-Options: DENY",
  "Referrer-Policy: strict-origin-when-cross-origin",
  "Cache-Control: no-store",
];

/** Status line for a parser error code, as Node's own default `clientError` answer chooses it. */
export function clientErrorStatusLine(code: string | undefined): string {
  if (code === "HPE_HEADER_OVERFLOW") return "431 Request Header Fields Too Large";
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return "413 Payload Too Large";
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "408 Request Timeout";
  return "400 Bad Request";
}

/** For `server.on("clientError", answerClientError)`. Never throws; a reset or closed socket is just destroyed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = clientErrorStatusLine(error.code);
  const body = `${status.slice(4)}\n`;
  socket.end(
    [`HTTP/1.1 ${status}`, "Connection: close", "Content-Type: text/plain; charset=utf-8", `Content-Length: ${Buffer.byteLength(body)}`, ...SECURITY_HEADERS, "", body].join("\r\n"),
  );
}

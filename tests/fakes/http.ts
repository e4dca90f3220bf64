/** Small HTTP helpers shared by the gateway test doubles (never part of the app build). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => unknown;

/** Starts an HTTP server on 127.0.0.1:`port` (0: a free port the system picks) that reads each body before calling `handler`. */
export async function listen(port: number, handler: Handler): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  let origin = `http://127.0.0.1:${port}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", origin);
      Promise.resolve(handler(req, res, url, Buffer.concat(chunks))).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, "text/plain", `fake failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address && typeof address === "object") origin = `http://127.0.0.1:${address.port}`;
  return {
    server,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" });
  res.end(body);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A page with a form the browser posts at once (as gateways return), plus a visible button. */
export function autoPostPage(title: string, action: string, fields: [string, string][]): string {
  const inputs = fields.map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}">${inputs}
<button type="submit">Return to merchant</button></form>
<script>document.forms[0].submit()</script></body></html>`;
}

/** Form fields of an application/x-www-form-urlencoded body. */
export function formFields(body: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body.toString("utf8")));
}

/**
 * A local stand-in for MSG91's Flow ("Send SMS") API v5 (DESIGN.md §2, messages row), written from
 * MSG91's documentation (control.msg91.com/apidoc/textsms/send-sms-flow.php) and independently of
 * the app's code: `POST /api/v5/flow` with the `authkey` header and a JSON body
 * `{ template_id, sender, short_url, recipients: [{ mobiles: "91XXXXXXXXXX", <var>: value }] }`,
 * answered `{ type: "success", message: <request id> }` or `{ type: "error", message }`. It checks
 * what MSG91 would (the key, a known template, the sender, 91 + 10 digits per number), records each
 * accepted recipient, and has switchable faults. Started by the tests; never part of the app build.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, send } from "./http";

export const MSG91_FLOW_PATH = "/api/v5/flow";

export type Msg91FakeOptions = {
  authKey: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Template ids known to the account; absent: any id is known. */
  templateIds?: string[];
  /** DLT headers approved for the account; absent: any 6-letter header. */
  senderIds?: string[];
};

/** One accepted recipient of one request. */
export type Msg91Message = {
  /** The request id answered (shared by the recipients of one request). */
  requestId: string;
  templateId: string;
  sender: string | null;
  shortUrl: string | null;
  /** As sent: 91 and 10 digits. */
  mobile: string;
  /** The recipient's fields other than `mobiles`. */
  variables: Record<string, string>;
  /** An `Idempotency-Key` header if the client sent one: MSG91 documents none, so it is kept only to show what arrived. */
  idempotencyKey: string | null;
  /** The whole body as received, for assertions on fields this record does not name. */
  body: Record<string, unknown>;
  receivedAt: Date;
};

const requestId = () => randomBytes(12).toString("hex");

/**
 * Starts the double on 127.0.0.1 (`options.port`, or a free one). The returned `url` is the Flow
 * endpoint to give the provider as `apiUrl`.
 */
export async function startMsg91Fake(options: Msg91FakeOptions) {
  const messages: Msg91Message[] = [];
  /** Every request that reached the handler, accepted or not. */
  const requests: { status: number; body: unknown }[] = [];
  const invalidMobiles = new Set<string>();
  const faults: { fail: { left: number; status: number; body?: string }; garble: number; delay: { left: number; ms: number }; perSecond: number | null; recent: number[] } = {
    fail: { left: 0, status: 500 },
    garble: 0,
    delay: { left: 0, ms: 0 },
    perSecond: null,
    recent: [],
  };

  const answer = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(value));
  };
  const error = (res: ServerResponse, status: number, message: string, headers?: Record<string, string>) => answer(res, status, { type: "error", message }, headers);

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> {
    let body: unknown = null;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      // left null: refused below
    }
    const status = await respond(req, res, url, body);
    requests.push({ status, body });
  }

  async function respond(req: IncomingMessage, res: ServerResponse, url: URL, body: unknown): Promise<number> {
    if (faults.delay.left > 0) {
      faults.delay.left--;
      await new Promise((resolve) => setTimeout(resolve, faults.delay.ms));
      if (res.destroyed) return 0;
    }
    if (faults.fail.left > 0) {
      faults.fail.left--;
      res.writeHead(faults.fail.status, { "content-type": "application/json" });
      res.end(faults.fail.body ?? JSON.stringify({ type: "error", message: "Internal server error" }));
      return faults.fail.status;
    }
    if (faults.garble > 0) {
      faults.garble--;
      send(res, 200, "text/html", "<html><body>Bad gateway</body></html>");
      return 200;
    }
    if (faults.perSecond !== null) {
      const now = Date.now();
      faults.recent = faults.recent.filter((t) => now - t < 1000);
      if (faults.recent.length >= faults.perSecond) {
        const waitS = Math.max(1, Math.ceil((faults.recent[0]! + 1000 - now) / 1000));
        error(res, 429, "Too many requests", { "retry-after": String(waitS) });
        return 429;
      }
      faults.recent.push(now);
    }
    if (req.method !== "POST" || url.pathname.replace(/\/$/, "") !== MSG91_FLOW_PATH) return (error(res, 404, "Not found"), 404);
    if (req.headers.authkey !== options.authKey) return (error(res, 401, "Authentication failure"), 401);
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return (error(res, 400, "Content-Type must be application/json"), 400);
    if (!body || typeof body !== "object" || Array.isArray(body)) return (error(res, 400, "Invalid JSON body"), 400);
    const b = body as Record<string, unknown>;
    // MSG91 renamed flow_id to template_id; both name the template.
    const templateId = typeof b.template_id === "string" ? b.template_id : typeof b.flow_id === "string" ? b.flow_id : null;
    if (!templateId) return (error(res, 400, "template_id is required"), 400);
    if (options.templateIds && !options.templateIds.includes(templateId)) return (error(res, 400, "Invalid template id"), 400);
    const sender = typeof b.sender === "string" ? b.sender : null;
    if (sender !== null && (options.senderIds ? !options.senderIds.includes(sender) : !/^[A-Z]{6}$/.test(sender))) return (error(res, 400, "Invalid sender id"), 400);
    if (!Array.isArray(b.recipients) || b.recipients.length === 0) return (error(res, 400, "recipients are required"), 400);
    const accepted: Omit<Msg91Message, "requestId">[] = [];
    for (const recipient of b.recipients as unknown[]) {
      if (!recipient || typeof recipient !== "object") return (error(res, 400, "Invalid recipient"), 400);
      const { mobiles, ...rest } = recipient as Record<string, unknown>;
      if (typeof mobiles !== "string" || !mobiles) return (error(res, 400, "mobiles is required"), 400);
      const variables: Record<string, string> = {};
      for (const [name, value] of Object.entries(rest)) {
        if (typeof value !== "string" && typeof value !== "number") return (error(res, 400, `Invalid value for ${name}`), 400);
        variables[name] = String(value);
      }
      for (const mobile of mobiles.split(",").map((m) => m.trim())) {
        if (!/^91\d{10}$/.test(mobile) || invalidMobiles.has(mobile.slice(2))) return (error(res, 400, `Invalid mobile number: ${mobile}`), 400);
        accepted.push({
          templateId,
          sender,
          shortUrl: b.short_url === undefined ? null : String(b.short_url),
          mobile,
          variables,
          idempotencyKey: typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null,
          body: b,
          receivedAt: new Date(),
        });
      }
    }
    const id = requestId();
    for (const m of accepted) messages.push({ requestId: id, ...m });
    answer(res, 200, { type: "success", message: id });
    return 200;
  }

  let listening = await listen(options.port ?? 0, handle);
  const port = Number(new URL(listening.origin).port);
  let running = true;

  return {
    origin: listening.origin,
    /** The Flow endpoint: give it to the provider as `apiUrl`. */
    url: `${listening.origin}${MSG91_FLOW_PATH}`,
    port,
    messages,
    requests,
    /** Stops the server for good. */
    async stop(): Promise<void> {
      if (running) await listening.close();
      running = false;
    },
    /** The next `n` requests get `status` (with MSG91's error JSON, or `body`), whatever they hold. */
    failNext(n: number, status = 500, body?: string): void {
      faults.fail = { left: n, status, body };
    },
    /** The next `n` requests get a 200 whose body is an HTML page, not MSG91's JSON. */
    garbleNext(n: number): void {
      faults.garble = n;
    },
    /** The next `n` requests are answered only after `ms`. */
    delayNext(n: number, ms: number): void {
      faults.delay = { left: n, ms };
    },
    /** At most `perSecond` requests in any second; more get 429 with `Retry-After` (whole seconds). Null lifts the limit. */
    rateLimit(perSecond: number | null): void {
      faults.perSecond = perSecond;
      faults.recent = [];
    },
    /** Numbers (10 digits) MSG91 refuses as invalid: 400 "Invalid mobile number". */
    invalidMobiles,
    /** Closes the port: connections are refused until `up()`. */
    async down(): Promise<void> {
      if (!running) return;
      await listening.close();
      running = false;
    },
    /** Listens again on the same port. */
    async up(): Promise<void> {
      if (running) return;
      listening = await listen(port, handle);
      running = true;
    },
  };
}

export type Msg91Fake = Awaited<ReturnType<typeof startMsg91Fake>>;

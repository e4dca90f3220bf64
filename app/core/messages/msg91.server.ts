/**
 * `SmsProvider` for MSG91 (DESIGN.md §2, messages row): one templated text per call to its Flow
 * ("Send SMS") API, v5. What MSG91 documents (control.msg91.com/apidoc/textsms/send-sms-flow.php;
 * msg91.com/help/how-to-create-flow-id-to-send-sms-via-api):
 *
 * - `POST https://control.msg91.com/api/v5/flow` with the `authkey` header and a JSON body
 *   `{ template_id, sender, short_url, recipients: [{ mobiles: "91XXXXXXXXXX", <var>: value }] }`;
 *   each variable is named as in the template (`##name##`), case-sensitively.
 * - The answer is `{ "type": "success", "message": "<request id>" }` or
 *   `{ "type": "error", "message": "<reason>" }`.
 * - The TRAI DLT fields are not part of this request. The DLT template id (`DLT_TE_ID`) is entered
 *   when the template is created in MSG91's panel, and MSG91 checks it there together with the
 *   sender id (the DLT header), the approved wording and the PE id (principal entity id) of the
 *   account; `template_id` in the body is the id MSG91 gives that template. Only the older
 *   full-text Send SMS API (`/api/v2/sendsms`) takes `DLT_TE_ID` in the body.
 * - MSG91 documents no idempotency key for this API. Delivery is therefore at-least-once: a send
 *   whose answer is lost (a timeout) and is retried may reach the parent twice. Our `reference`
 *   is written to the log line of every attempt, beside MSG91's request id when there is one.
 */
import { z } from "zod";
import { messageOf } from "~/lib/errors";
import { MOBILE_PATTERN } from "~/lib/phone";
import type { SendResult, SmsMessage, SmsProvider } from "./channel";

/** MSG91's Flow endpoint. */
export const MSG91_FLOW_URL = "https://control.msg91.com/api/v5/flow";

/** How long one send may take, ms, from the request to the last byte of the answer. */
export const MSG91_DEFAULT_TIMEOUT_MS = 10_000;

export type Msg91Options = {
  /** MSG91's API key (the `authkey` header). Never logged. */
  authKey: string;
  /** The DLT-registered header the parent sees, e.g. "KVASCH" (6 letters). */
  senderId: string;
  /** The Flow endpoint; MSG91_FLOW_URL unless a test double stands in. */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Default MSG91_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Where the one line per attempt goes; console.log by default. */
  log?: (line: string) => void;
};

const optionsSchema = z.object({
  authKey: z.string().trim().min(1, "MSG91 auth key is empty"),
  // TRAI DLT headers of service and transactional messages are 6 letters.
  senderId: z.string().regex(/^[A-Z]{6}$/, "MSG91 sender id must be the 6-letter DLT header, e.g. KVASCH"),
  apiUrl: z.url().default(MSG91_FLOW_URL),
  timeoutMs: z.number().int().positive().default(MSG91_DEFAULT_TIMEOUT_MS),
});

const messageSchema = z.object({
  to: z.string().regex(MOBILE_PATTERN, "not a 10-digit Indian mobile"),
  templateId: z
    .string()
    .regex(/^\S+$/, "template id is empty or has spaces")
    // A DLT template id is 19 digits; MSG91 wants the id of its own template that carries it.
    .refine((id) => !/^\d{19}$/.test(id), "template id looks like a DLT template id: give MSG91's template id, which MSG91 maps to the DLT one"),
  variables: z.record(z.string().min(1), z.string()).refine((v) => !("mobiles" in v), "a template variable may not be called mobiles"),
  reference: z.string().min(1),
});

/** MSG91's answer on a 2xx. Anything else is malformed. */
const answerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("success"), message: z.string().min(1) }),
  z.object({ type: z.literal("error"), message: z.string().default("") }),
]);

/** `Retry-After` (seconds, or an HTTP date) in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The `message` of an error body MSG91 sent, or null when the body is not one. */
function providerMessage(text: string): string | null {
  try {
    const parsed = z.object({ message: z.string() }).safeParse(JSON.parse(text));
    return parsed.success && parsed.data.message ? parsed.data.message : null;
  } catch {
    return null;
  }
}

/**
 * Sends through MSG91's Flow API. `send` never throws; it classifies what happened:
 * - 2xx `success` → ok, `providerMessageId` = MSG91's request id;
 * - 429 → retryable, `retryAfterMs` from `Retry-After`; 408 and 5xx → retryable;
 * - other 4xx (an invalid number, an unknown template, a refused auth key) → permanent, with
 *   MSG91's message;
 * - 2xx `error` → permanent, except a low balance (retryable: the school tops up);
 * - a network failure, a timeout, an answer that is not MSG91's JSON → retryable;
 * - a message this provider cannot send (`to` not 10 digits, a DLT id as template) → permanent,
 *   without a request.
 * The constructor throws on invalid options (a configuration mistake, seen at start-up).
 */
export class Msg91Provider implements SmsProvider {
  readonly name = "msg91";
  readonly #authKey: string;
  readonly #senderId: string;
  readonly #apiUrl: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #log: (line: string) => void;

  constructor(options: Msg91Options) {
    const parsed = optionsSchema.safeParse(options);
    if (!parsed.success) throw new Error(`MSG91 settings: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    this.#authKey = parsed.data.authKey;
    this.#senderId = parsed.data.senderId;
    this.#apiUrl = parsed.data.apiUrl;
    this.#timeoutMs = parsed.data.timeoutMs;
    this.#fetch = options.fetch ?? fetch;
    this.#log = options.log ?? ((line) => console.log(line));
  }

  async send(message: SmsMessage): Promise<SendResult> {
    const result = await this.#attempt(message);
    const outcome = result.ok
      ? `sent, request ${result.providerMessageId ?? "-"}`
      : `${result.permanent ? "failed" : "will retry"}: ${result.error}${result.retryAfterMs === undefined ? "" : ` (after ${result.retryAfterMs} ms)`}`;
    this.#log(`SMS ${message.reference} via msg91 template ${message.templateId}: ${outcome}`);
    return result;
  }

  async #attempt(message: SmsMessage): Promise<SendResult> {
    const checked = messageSchema.safeParse(message);
    if (!checked.success) return { ok: false, permanent: true, error: checked.error.issues.map((i) => i.message).join("; ") };
    const body = {
      template_id: message.templateId,
      sender: this.#senderId,
      short_url: "0",
      recipients: [{ ...message.variables, mobiles: `91${message.to}` }],
    };
    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      const response = await this.#fetch(this.#apiUrl, {
        method: "POST",
        headers: { authkey: this.#authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return { ok: false, permanent: false, error: timedOut ? `no answer within ${this.#timeoutMs} ms` : `network: ${this.#redact(messageOf(error))}` };
    }
    return this.#classify(status, retryAfter, text);
  }

  #classify(status: number, retryAfter: string | null, text: string): SendResult {
    const said = () => this.#redact(providerMessage(text) ?? text.slice(0, 200).trim());
    if (status === 429) return { ok: false, permanent: false, error: `rate limited (HTTP 429)${said() ? `: ${said()}` : ""}`, retryAfterMs: retryAfterMs(retryAfter) };
    if (status === 408 || status >= 500) return { ok: false, permanent: false, error: `HTTP ${status}${said() ? `: ${said()}` : ""}` };
    if (status >= 400) return { ok: false, permanent: true, error: `HTTP ${status}: ${said() || "refused"}` };
    if (status < 200 || status >= 300) return { ok: false, permanent: false, error: `unexpected HTTP ${status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, permanent: false, error: `unreadable answer (HTTP ${status}, not JSON)` };
    }
    const answer = answerSchema.safeParse(json);
    if (!answer.success) return { ok: false, permanent: false, error: `unreadable answer (HTTP ${status}): ${answer.error.issues[0]?.message ?? "unexpected shape"}` };
    if (answer.data.type === "success") return { ok: true, providerMessageId: answer.data.message };
    const reason = this.#redact(answer.data.message) || "error without a message";
    return { ok: false, permanent: !/balance/i.test(reason), error: reason };
  }

  /** `text` without the auth key, should anything ever echo it. */
  #redact(text: string): string {
    return text.split(this.#authKey).join("[authkey]");
  }
}

/**
 * Request bodies, capped by the bytes actually read (OWASP ASVS 4.0.3 §13.1,
 * "Denial of service" and §12.1.1 "the application will not accept large files"): the one way a
 * route reads what a client sent.
 *
 * - `BODY_LIMITS` names, for every route that takes a body, the most it will read. A route
 *   reads its body only through `readForm` (forms) or `readBody` (raw bytes, e.g. a payment
 *   webhook whose signature covers the exact bytes) with its own key, so a new route cannot
 *   forget its limit: the key is a type error until it is added here. ESLint forbids
 *   `request.formData()`, `.json()`, `.text()` and `.arrayBuffer()` in app/ for the same reason.
 * - A declared `Content-Length` over the limit is refused before anything is read; a chunked
 *   body is read up to the limit and refused at the first byte beyond it. Either way the answer
 *   is HTTP 413 with a plain message, and the rest of the body is never read (the server closes
 *   the connection after answering: `closeUnreadBodies`, server/request-guards.ts).
 * - Express handlers outside React Router use `readCapped` on the Node request stream. The
 *   visitor-analytics beacon (`POST /api/track`) predates this module and counts its bytes the
 *   same way in its own handler (4 KiB, app/features/analytics/ingest/track.server.ts).
 *
 * Uploads (admission documents, at most 2 MB a file; the school's photos, 15 MB) add their route
 * here with the total they accept (files × their limit plus the form) and check each file's size
 * after reading the form. A larger upload is refused by its Content-Length before a byte is read,
 * or at the first byte past the limit: it is never held whole. /apply reads its form with
 * `readUploadForm` (app/lib/uploads.server.ts), which writes the files to disk as they arrive.
 */
import { NO_STORE_HEADERS } from "./http";

export const KiB = 1024;
export const MiB = 1024 * KiB;

/**
 * Bytes a body may hold in each buffer on its way in before the reading waits, and a response
 * before `write` asks to wait: the HTTP server's request and response streams
 * (server/http-server.ts, which React Router's Request stream follows), and the upload parser's
 * buffers and each file's disk stream (app/lib/uploads.server.ts). Node's default is 16 KiB, less
 * than the 64 KiB the kernel hands over at a time, so an upload paused after every read and took
 * a turn of a busy event loop per 64 KiB: 62 turns for the 4 MB of an application (issue 29). At
 * 1 MiB up to sixteen reads go in one turn, and a request holds at most about 4 MiB in flight
 * (socket, Request stream, parser, file stream), that only while the disk is slower than the
 * network; a larger form still goes to disk. 256 KiB was tried first: in a paired surge (2
 * processes) 1 MiB took the 4 MB post from p50 840 / p99 2,287 ms to 366 / 1,472, peak RSS
 * 779 → 777 MiB (decision 035).
 */
export const STREAM_BUFFER_BYTES = MiB;

/**
 * The most each route reads of a request body, in bytes, by the route's path as registered in
 * app/routes.ts (or Express). A full enquiry is under 1 KB and a note 1,000 characters (up to
 * 9 KB percent-encoded in Bengali or Hindi): 16 KiB leaves room for any honest form.
 */
export const BODY_LIMITS = {
  "/enquire": 16 * KiB,
  "/admin/login": 16 * KiB,
  // A code and where to go next; a password, a code and the otpauth:// URI shown.
  "/admin/login/code": 4 * KiB,
  "/admin/account/two-factor": 4 * KiB,
  "/admin/logout": 1 * KiB,
  "/admin/enquiries": 16 * KiB,
  "/admin/analytics/jobs": 1 * KiB,
  "/mock-payment": 1 * KiB,
  "/sample-payment": 4 * KiB,
  "/icici-debug": 1 * KiB,
  // Messages: a resend, a template's switch or DLT id, the reminder schedule; the stop link's
  // post (a button, or RFC 8058's "List-Unsubscribe=One-Click").
  "/admin/messages/:publicId": 1 * KiB,
  "/admin/messages/templates": 4 * KiB,
  "/admin/messages": 1 * KiB,
  "/messages/stop/:token": 1 * KiB,
  "/admin/payments/:reference": 1 * KiB,
  "/receipt-download": 4 * KiB,
  // Fee pages: an admission number, a date, up to 12 months and a token.
  "/fees": 4 * KiB,
  "/bus-fee-payment": 4 * KiB,
  // A family's page: up to 40 ticked fees and a token.
  "/fees/family/:token": 4 * KiB,
  "/admin/fees/students/:id": 16 * KiB,
  // A roll CSV: about 200 bytes a student, a few thousand students.
  "/admin/fees/import": 2 * MiB,
  // The fee book as JSON.
  "/admin/fees/book": 256 * KiB,
  // Two documents of at most 2 MiB each, their multipart headers, and the form (under 16 KiB).
  "/apply": 4 * MiB + 64 * KiB,
  "/admissions/status": 4 * KiB,
  "/admissions/retry-payment/:applicationId": 1 * KiB,
  // A workflow note is at most 1,000 characters (up to 9 bytes each percent-encoded).
  "/admin/applications/:applicationId": 16 * KiB,
  "/admin/applications/settings": 4 * KiB,
  // A cancellation reason is at most 500 characters (up to 9 bytes each percent-encoded).
  "/admin/receipts/:id/cancel": 8 * KiB,
  // Express handlers of server/payments.ts: Eazypay's return form (~20 fields, well under
  // 4 KiB) and Razorpay's webhooks (a few KiB).
  "/student-payment": 16 * KiB,
  "/api/payments/razorpay/webhook": 256 * KiB,
  // The school's photos: one photo of at most 15 MiB (app/features/content/media.ts
  // MAX_PHOTO_BYTES), its multipart headers and its words (alt text, caption, album); the page's
  // own form (without JavaScript) sends its photos together within the same total.
  "/admin/content/pictures": 15 * MiB + 64 * KiB,
  "/admin/content/pictures.json": 15 * MiB + 64 * KiB,
  // Staff accounts: an invitation (name, address, roles) or a change; an address; a new password twice.
  "/admin/staff": 4 * KiB,
  "/admin/forgot-password": 4 * KiB,
  "/admin/invitation/:token": 4 * KiB,
  "/admin/reset-password/:token": 4 * KiB,
  // Content: a body of at most 50,000 characters (up to 9 bytes each percent-encoded in Bengali
  // or Hindi) and its short fields; the preview posts the body alone.
  "/admin/content/new": 512 * KiB,
  "/admin/content/:id": 512 * KiB,
  "/admin/content/preview": 512 * KiB,
} as const satisfies Record<string, number>;

export type BodyRoute = keyof typeof BODY_LIMITS;

/** Plain messages of the refusals (HTTP 413, 415, 400). */
export const BODY_MESSAGES = {
  tooLarge: "The request is too large.",
  unsupportedType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  unsupportedEncoding: "Compressed request bodies are not accepted.",
  unreadable: "The form could not be read.",
  forbiddenCharacter: "The form contains a character that is not allowed.",
} as const;

/** A plain-text refusal that browsers and scripts both read; never cached. */
export function bodyRefusal(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE_HEADERS } });
}

type NodeReadable = AsyncIterable<Uint8Array> & { iterator?: (options: { destroyOnReturn: boolean }) => AsyncIterableIterator<Uint8Array> };

/**
 * Reads at most `maxBytes` of a body: a web `ReadableStream` (a Fetch `Request`'s body) or a
 * Node stream (an Express request). Returns the bytes, or `null` as soon as the body is longer.
 * It stops reading there without destroying the stream, so the caller can still answer 413 on
 * the same connection. A missing body is empty. Throws when the stream itself fails (the client
 * went away).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | NodeReadable | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const take = (chunk: Uint8Array): boolean => {
    size += chunk.byteLength;
    if (size > maxBytes) return false;
    chunks.push(chunk);
    return true;
  };
  if (body === null) return new Uint8Array(0);
  if ("getReader" in body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!take(value)) return null;
      }
    } finally {
      // Not cancel(): for a Node request, cancelling destroys the socket before the answer.
      reader.releaseLock();
    }
  } else {
    const iterable = body.iterator ? body.iterator({ destroyOnReturn: false }) : body;
    for await (const chunk of iterable) if (!take(chunk)) return null;
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function declaredLength(headers: Headers): number | null {
  const value = headers.get("content-length");
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/**
 * The raw body of `request` for `route`, at most `BODY_LIMITS[route]` bytes. Throws a 413
 * Response (plain text) when it is longer, declared or read. For endpoints that must see the
 * exact bytes (webhook signatures).
 */
export async function readBody(request: Request, route: BodyRoute): Promise<Uint8Array<ArrayBuffer>> {
  const limit = BODY_LIMITS[route];
  if ((declaredLength(request.headers) ?? 0) > limit) throw bodyRefusal(413, BODY_MESSAGES.tooLarge);
  const bytes = await readCapped(request.body, limit).catch(() => {
    throw bodyRefusal(400, BODY_MESSAGES.unreadable);
  });
  if (bytes === null) throw bodyRefusal(413, BODY_MESSAGES.tooLarge);
  return bytes;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The form type `request` declares for `route` ("application/x-www-form-urlencoded" or
 * "multipart/form-data"), checked before a byte is read. Throws a plain-text 415 for another
 * type or a compressed body, 413 when its declared Content-Length is over the route's limit.
 */
export function formTypeOf(request: Request, route: BodyRoute): string {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw bodyRefusal(415, BODY_MESSAGES.unsupportedType);
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") throw bodyRefusal(415, BODY_MESSAGES.unsupportedEncoding);
  if ((declaredLength(request.headers) ?? 0) > BODY_LIMITS[route]) throw bodyRefusal(413, BODY_MESSAGES.tooLarge);
  return type;
}

/**
 * The form `request` carries for `route` (SPEC forms: enquiry, sign-in, the admin's actions).
 * Throws a plain-text Response instead of a 5xx for anything a client can send:
 * 415 for another content type or a compressed body, 413 over the route's limit, 400 for a form
 * that does not parse (a multipart body without its boundary) or a text field with a NUL
 * character (PostgreSQL cannot store one; no person types one).
 */
export async function readForm(request: Request, route: BodyRoute): Promise<FormData> {
  formTypeOf(request, route);
  const bytes = await readBody(request, route);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
  } catch {
    throw bodyRefusal(400, BODY_MESSAGES.unreadable);
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw bodyRefusal(400, BODY_MESSAGES.forbiddenCharacter);
  }
  return form;
}

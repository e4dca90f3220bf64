/**
 * The gateways' ways into the server (DESIGN.md §7): the return page /student-payment
 * (GET or POST) and Razorpay's webhook. Both are cross-site by nature, so they are mounted before
 * the Origin check and the strict per-IP post limit, carry no session, and trust only what they
 * verify. Also the CSP form-action origins of the hand-off, and the reconciliation loop.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type express from "express";
import { isReference } from "~/core/payments/identifiers";
import { BODY_LIMITS, readCapped } from "~/lib/request-body.server";
import { paymentSetup } from "~/core/payments/settings.server";
import { payments } from "~/payment-purposes.server";
import { messageOf } from "~/lib/errors";

/** Largest return form and webhook we read, in bytes (app/lib/request-body.server.ts). */
export const MAX_RETURN_BYTES = BODY_LIMITS["/student-payment"];
export const MAX_WEBHOOK_BYTES = BODY_LIMITS["/api/payments/razorpay/webhook"];
/** Razorpay retries a webhook not answered within 5 s: answer 503 before that and let it retry. */
const WEBHOOK_DEADLINE_MS = 4500;
/** A parent returning from the bank waits at most this long before the 'being confirmed' page. */
const RETURN_DEADLINE_MS = 15_000;
/** How often the reconciliation loop looks for orders due a check (each order: every 15 minutes). */
const RECONCILE_TICK_MS = 60_000;

/**
 * The request body as bytes, read as it arrives, or null when it exceeds `limit` bytes (by
 * Content-Length or by what was actually read; server/request-guards.ts drops the rest).
 * Rejects on a stream error (the client went away).
 */
export async function readRawBody(req: Request, limit: number): Promise<Buffer | null> {
  if (Number(req.get("content-length") ?? 0) > limit) return null;
  const bytes = await readCapped(req, limit);
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Query and form fields of a return; a form field wins over a query parameter of the same name. */
async function returnFields(req: Request): Promise<Record<string, string> | "too large"> {
  const fields = Object.fromEntries(new URL(req.originalUrl, "http://return.invalid").searchParams);
  if (req.method === "POST") {
    const body = await readRawBody(req, MAX_RETURN_BYTES);
    if (body === null) return "too large";
    Object.assign(fields, Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
  }
  return fields;
}

/** GET/POST /student-payment: verify, record, 303 to the result page (SPEC §2 "payment response/return page"). */
const studentPayment: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
  res.set("Cache-Control", "no-store");
  let fields: Record<string, string> | "too large";
  try {
    fields = await returnFields(req);
  } catch {
    res.status(400).type("text").send("The payment response could not be read.");
    return;
  }
  if (fields === "too large") {
    res.status(413).type("text").send("The payment response is too large.");
    return;
  }
  try {
    const result = await deadline(payments.handleReturn(fields), RETURN_DEADLINE_MS);
    if (result) res.redirect(303, result.location);
    else if (req.method === "GET") next();
    else res.redirect(303, "/student-payment");
  } catch (error) {
    // The database (or the gateway) is away: nothing is claimed; reconciliation settles it later.
    const reference = [fields.ReferenceNo, fields.reference, fields.mock_reference].find(isReference);
    console.error(`Payment ${reference ?? "(no reference)"}: return not recorded: ${messageOf(error)}`);
    res.redirect(303, reference ? `/payment-pending?reference=${reference}` : "/payment-pending");
  }
};

/** POST /api/payments/razorpay/webhook: verified on the raw body; non-2xx while it cannot be stored. */
const razorpayWebhook: RequestHandler = async (req: Request, res: Response) => {
  res.set("Cache-Control", "no-store");
  let body: Buffer | null;
  try {
    body = await readRawBody(req, MAX_WEBHOOK_BYTES);
  } catch {
    res.status(400).type("text").send("The body could not be read.");
    return;
  }
  if (body === null) {
    res.status(413).type("text").send("Too large.");
    return;
  }
  const headers = { "x-razorpay-signature": req.get("x-razorpay-signature"), "x-razorpay-event-id": req.get("x-razorpay-event-id") };
  try {
    const answer = await deadline(payments.handleWebhook("razorpay", body, headers), WEBHOOK_DEADLINE_MS);
    res.status(answer.status).type("text").send(answer.message);
  } catch (error) {
    console.error(`Payment webhook ${headers["x-razorpay-event-id"] ?? ""} not stored (the gateway will retry): ${messageOf(error)}`);
    res.status(503).type("text").send("Temporarily unavailable; please retry.");
  }
};

/** The paths gateways send to (server/rate-limits.ts counts their posts like page requests). */
export const GATEWAY_PATHS: ReadonlySet<string> = new Set(["/student-payment", "/api/payments/razorpay/webhook"]);

/** Mounts the return page and the webhook. `limit` is the rate limit (its gateway tier for these paths). */
export function mountPaymentEndpoints(app: express.Express, limit: RequestHandler): void {
  app.get("/student-payment", limit, studentPayment);
  app.post("/student-payment", limit, studentPayment);
  app.post("/api/payments/razorpay/webhook", limit, razorpayWebhook);
}

/** Origins the hand-off form may post to, for the CSP's form-action (Razorpay's checkout). */
export function paymentFormTargets(): string[] {
  return [...new Set(Object.values(paymentSetup().gateways).flatMap((g) => g.formTargets))];
}

let timer: NodeJS.Timeout | undefined;

/**
 * Logs which gateway takes payments (or, once, what is missing: SPEC §5), then reconciles now
 * and every minute in the background (timer unref'd). Never throws.
 */
export function startPayments(): void {
  const setup = paymentSetup();
  const active = setup.gateways[setup.active];
  if (active) console.log(`Online payments: ${active.label}.`);
  else console.error(`Online payments unavailable: ${setup.problems.join("; ")}.`);
  const tick = () =>
    void payments
      .reconcile()
      .then((s) => {
        if (s.checked > 0) console.log(`Payment reconciliation: ${s.checked} checked, ${s.paid} paid, ${s.failed} failed, ${s.expired} expired, ${s.held} held, ${s.unchanged} unchanged, ${s.errors} errors.`);
      })
      .catch((error: unknown) => console.error(`Payment reconciliation not run: ${messageOf(error)}`));
  if (timer) return;
  setTimeout(tick, 2000).unref();
  timer = setInterval(tick, RECONCILE_TICK_MS);
  timer.unref();
}

/**
 * Handles one enquiry form post (SPEC §5, §7; DESIGN.md §8): validates with the shared schema,
 * drops honeypot posts quietly, stores valid enquiries, and reports a database failure as the
 * SPEC's error instead of a fake success. Never throws for anything a user can send.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Database } from "~/db/client.server";
import { readForm } from "~/lib/request-body.server";
import { createEnquiry } from "./enquiries.server";
import { enquirySchema, HONEYPOT_FIELD, SOURCE_FIELD, type EnquiryActionData } from "./schema";

export type EnquiryOutcome = EnquiryActionData & {
  /** 200 stored (or honeypot), 400 invalid input, 503 storage unavailable. */
  httpStatus: 200 | 400 | 503;
  /** Id of the stored enquiry; undefined unless a row was written. */
  id?: number;
};

/** Accepts "/contact"-like paths only (≤ 200 characters); anything else is dropped. */
function sourcePageOf(value: FormDataEntryValue | null): string | undefined {
  return typeof value === "string" && /^\/[\w\-./]{0,199}$/.test(value) ? value : undefined;
}

/**
 * `getDb` is called only for valid, non-honeypot posts, so an unavailable database never
 * turns a validation answer into an error.
 */
export async function submitEnquiry(formData: FormData, getDb: () => Promise<Database>): Promise<EnquiryOutcome> {
  const submission = parseWithZod(formData, { schema: enquirySchema });
  if (submission.status !== "success") {
    return { state: "invalid", httpStatus: 400, result: submission.reply() };
  }
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Looks like success to the bot; nothing is stored.
    return { state: "success", httpStatus: 200, result: submission.reply({ resetForm: true }) };
  }
  try {
    const id = await createEnquiry(await getDb(), submission.value, sourcePageOf(formData.get(SOURCE_FIELD)));
    return { state: "success", httpStatus: 200, id, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    console.error("Enquiry could not be stored:", error);
    return { state: "error", httpStatus: 503, result: submission.reply() };
  }
}

/**
 * Reads an enquiry post (`readForm`: 413/415/400 thrown as Responses for a body it refuses),
 * submits it and returns what the form is told: `body` (EnquiryActionData) and the HTTP
 * `status`. One answer for /enquire (no JavaScript) and /api/enquiries (JSON).
 */
export async function enquiryAnswer(request: Request): Promise<{ body: EnquiryActionData; status: number }> {
  const form = await readForm(request, "/enquire");
  const { getDb } = await import("~/db/client.server");
  const outcome = await submitEnquiry(form, getDb);
  return { body: { state: outcome.state, result: outcome.result }, status: outcome.httpStatus };
}

/**
 * The enquiry form's rules (SPEC §5), one zod schema for the browser and the server.
 * Messages the SPEC gives are used word for word.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { SCHOOL_CLASSES } from "#content/school";
import { mobileSchema } from "~/lib/phone";

export const NAME_MESSAGE = "Please enter your name";
export const CLASS_MESSAGE = "Please select a class";
export const EMAIL_MESSAGE = "Please enter a valid email address";

/** SPEC §8 texts of the submit states. */
export const ENQUIRY_SUCCESS = { title: "Thank you for your enquiry!", text: "We'll get back to you soon with more information." };
export const ENQUIRY_ERROR = { title: "Something went wrong!", text: "Please try again later or contact us directly." };

/** Longest name accepted; longer input is a typo or abuse. */
export const MAX_NAME_LENGTH = 100;

export const enquirySchema = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(1, NAME_MESSAGE)
    .max(MAX_NAME_LENGTH, `Please keep the name under ${MAX_NAME_LENGTH} characters`)
    .transform((s) => s.replace(/\s+/g, " ")),
  // SPEC §5: the site's one mobile rule (app/lib/phone.ts), stored as the 10 digits.
  phone: mobileSchema,
  class: z.enum(SCHOOL_CLASSES, { error: CLASS_MESSAGE }),
  email: z
    .string()
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE))
    .transform((s) => s.toLowerCase())
    .optional(),
});

export type EnquiryInput = z.output<typeof enquirySchema>;

/** Name of the hidden honeypot field: people never see or fill it; simple bots do. */
export const HONEYPOT_FIELD = "website";
/** Hidden field carrying the path the form was sent from. */
export const SOURCE_FIELD = "sourcePage";

/** Where the form posts with JavaScript: the /enquire action answering JSON (app/routes/api/enquiries.ts). */
export const ENQUIRY_API = "/api/enquiries";

export type EnquiryState = "success" | "invalid" | "error";

/** What the /enquire action returns to the form (plain, serialisable). */
export type EnquiryActionData = { state: EnquiryState; result: SubmissionResult<string[]> };

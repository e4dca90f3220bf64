/**
 * The enquiry form's rules (SPEC §5), one zod schema for the browser and the server.
 * Messages the SPEC gives are used word for word.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

/** SPEC §3 class options, in order. */
export const ENQUIRY_CLASSES = [
  "Nursery",
  "LKG",
  "UKG",
  ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`),
] as const;

export type EnquiryClass = (typeof ENQUIRY_CLASSES)[number];

/** SPEC §5 inline message for a phone number that is not 10 digits starting 6-9. */
export const PHONE_MESSAGE = "Please enter a valid 10-digit mobile number";
export const NAME_MESSAGE = "Please enter your name";
export const CLASS_MESSAGE = "Please select a class";
export const EMAIL_MESSAGE = "Please enter a valid email address";

/** SPEC §8 texts of the submit states. */
export const ENQUIRY_SUCCESS = { title: "Thank you for your enquiry!", text: "We'll get back to you soon with more information." };
export const ENQUIRY_ERROR = { title: "Something went wrong!", text: "Please try again later or contact us directly." };

/** Indian mobile numbers: 10 digits, the first 6, 7, 8 or 9 (SPEC §5, §9). */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;

/**
 * Normalises what a parent may type for a mobile number: spaces, dashes, dots and brackets go;
 * a leading +91, 91 (on 12 digits) or 0 (on 11 digits) goes. "+91 98765-43210" → "9876543210".
 * Returns the input unchanged (trimmed) when it is not a recognisable number, so validation can
 * reject it.
 */
export function normalisePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-.()]/g, "");
  const digits = compact.replace(/^\+91/, "");
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

/** True when `raw` normalises to a valid Indian mobile number. */
export function isValidMobile(raw: string): boolean {
  return MOBILE_PATTERN.test(normalisePhone(raw));
}

/** Longest name accepted; longer input is a typo or abuse. */
export const MAX_NAME_LENGTH = 100;

export const enquirySchema = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(1, NAME_MESSAGE)
    .max(MAX_NAME_LENGTH, `Please keep the name under ${MAX_NAME_LENGTH} characters`)
    .transform((s) => s.replace(/\s+/g, " ")),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .max(30, PHONE_MESSAGE)
    .transform(normalisePhone)
    .pipe(z.string().regex(MOBILE_PATTERN, PHONE_MESSAGE)),
  class: z.enum(ENQUIRY_CLASSES, { error: CLASS_MESSAGE }),
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

export type EnquiryState = "success" | "invalid" | "error";

/** What the /enquire action returns to the form (plain, serialisable). */
export type EnquiryActionData = { state: EnquiryState; result: SubmissionResult<string[]> };

/**
 * The /receipt-download form, for the browser and the server: the receipt number and
 * either the student's admission number or the application number and the registered mobile.
 */
import { z } from "zod";
import { mobileSchema } from "~/lib/phone";

const receiptNumber = z.string().trim().min(1, "Enter the receipt number.").max(60, "A receipt number is at most 60 characters.");

export const downloadSchema = z.discriminatedUnion("by", [
  z.object({ by: z.literal("admission"), receiptNumber, admissionNumber: z.string().trim().min(1, "Enter the student's admission number.").max(40) }),
  z.object({
    by: z.literal("application"),
    receiptNumber,
    applicationNumber: z.string().trim().min(1, "Enter the application number.").max(40),
    mobile: mobileSchema,
  }),
]);

export type DownloadInput = z.infer<typeof downloadSchema>;

/** The sample-payment form's choices and schema (development and tests only; see sample.server.ts). */
import { z } from "zod";

export const SAMPLE_AMOUNTS = [
  { id: "one-rupee", label: "₹1, the smallest real test", paise: 1_00 },
  { id: "application", label: "Application fee", paise: 500_00 },
  { id: "two-months", label: "Two months of tuition", paise: 5_200_00 },
  { id: "with-paise", label: "An amount with paise", paise: 1_234_56 },
] as const;

export const sampleSchema = z.object({
  amount: z.enum(SAMPLE_AMOUNTS.map((a) => a.id) as [string, ...string[]]),
  /** What the sample pays for: the same key twice is the same thing owed. */
  key: z.string().trim().regex(/^[a-z0-9-]{1,60}$/, "Use 1-60 lower-case letters, digits or hyphens."),
  name: z.string().trim().max(100).optional(),
  /** Where the sample's receipt is e-mailed (the outbox's path from payment to parent), if anywhere. */
  email: z.union([z.literal(""), z.email().max(254)]).optional(),
});

export type SampleInput = z.infer<typeof sampleSchema>;

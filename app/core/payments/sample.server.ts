/**
 * Sample payments (development and tests only): until the fee and admission features exist there
 * is nothing real to pay for, so /sample-payment starts orders of purpose `sample` for a few fixed
 * amounts. The route refuses in production (NODE_ENV=production), whatever else is configured.
 */
import { formatRupees } from "~/lib/money";
import { paidOrdersFor } from "./orders.server";
import { payableKey as keyOf } from "./identifiers";
import { SAMPLE_AMOUNTS, type SampleInput } from "./sample";
import type { StartInput } from "./service.server";

/** The payment core's input for a sample: nothing is due once the key has a paid order. */
export function sampleStart(input: SampleInput): StartInput {
  const amount = SAMPLE_AMOUNTS.find((a) => a.id === input.amount)!;
  const payableKey = keyOf("sample", input.key);
  return {
    purpose: "sample",
    payableKey,
    payer: { name: input.name || null, email: input.email || null },
    async quote(tx) {
      const paid = await paidOrdersFor(tx, "sample", payableKey);
      if (paid.length > 0) return null;
      return { description: `Sample payment "${input.key}"`, lines: [{ label: `${amount.label} (${formatRupees(amount.paise)})`, amountPaise: amount.paise }] };
    },
  };
}

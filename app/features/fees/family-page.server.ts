/**
 * What the family's pay page (/fees/family/<token>) needs on the server: the page's data from
 * the link's token (masked names, classes and each fee's owed months, every fee ticked), and the
 * start of one payment for the ticked fees (the route hands it to `payments.start`). The token
 * is the only key: no admission number or date of birth is asked. docs/decisions/023-family-payments.md.
 */
import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { StartInput } from "~/core/payments/service.server";
import { studentById, type Student } from "~/core/students/roll.server";
import { sessionOf } from "~/lib/dates";
import type { FamilyChild } from "./family";
import { FAMILY_AHEAD_DAYS, familyDues } from "./family.server";
import { readFamilyPayToken } from "./family-link.server";
import { familyPayableKey, familyQuote, familySubject, type FamilyChoice } from "./family-payment.server";

/** A fee as the page's checkbox names it: "<student id>:<purpose>". */
export const feePick = (studentId: number, purpose: string) => `${studentId}:${purpose}`;

export type FamilyPageData =
  | { kind: "invalid" }
  | { kind: "dues"; token: string; session: string; children: FamilyChild[]; lateFeeRule: string; chosen: string[]; totalPaise: number; message: string | null };

/** The fees that can be paid now (owed months, no payment of them open), by pick. */
function payable(children: readonly FamilyChild[]): Map<string, FamilyChoice & { totalPaise: number }> {
  return new Map(
    children.flatMap((c) => c.fees.filter((f) => f.months.length > 0 && !f.inProgress).map((f) => [feePick(c.studentId, f.purpose), { studentId: c.studentId, purpose: f.purpose, months: f.months.map((m) => m.month), totalPaise: f.totalPaise }] as const)),
  );
}

const totalOf = (fees: Map<string, { totalPaise: number }>, chosen: readonly string[]) => chosen.reduce((s, k) => s + (fees.get(k)?.totalPaise ?? 0), 0);

/**
 * The page for `token` on `today` (IST): "invalid" for a malformed, forged or expired link (or a
 * family no longer on the roll); else every child's dues, months falling due within
 * FAMILY_AHEAD_DAYS included, with `chosen` ticked (default: every fee that can be paid).
 */
export async function familyPageData(db: Database, token: string, today: string, options: { chosen?: readonly string[]; message?: string | null; now?: Date } = {}): Promise<FamilyPageData> {
  const mobile = readFamilyPayToken(token, undefined, options.now);
  if (!mobile) return { kind: "invalid" };
  const dues = await familyDues(db, mobile, today, { withinDays: FAMILY_AHEAD_DAYS, exceptOrdersOf: familyPayableKey(mobile, sessionOf(today)) });
  if (!dues) return { kind: "invalid" };
  const fees = payable(dues.children);
  const chosen = options.chosen ? options.chosen.filter((k) => fees.has(k)) : [...fees.keys()];
  return { kind: "dues", token, session: dues.session, children: dues.children, lateFeeRule: dues.lateFeeRule, chosen, totalPaise: totalOf(fees, chosen), message: options.message ?? null };
}

const formSchema = z.object({
  intent: z.enum(["pay", "total"]).catch("total"),
  fee: z.array(z.string().regex(/^\d{1,10}:(tuition|bus)$/)).max(40),
  seenTotal: z.coerce.number().int().nonnegative().catch(-1),
});

export type FamilyPayStep =
  | { kind: "show"; data: FamilyPageData; status?: number }
  | { kind: "pay"; start: StartInput; refusal: () => string | null; again: (message: string) => Promise<FamilyPageData> };

/**
 * A post of the family's page: re-prices the ticked fees; "See the total", a changed total
 * (compared with `seenTotal`, the total the parent saw) or nothing ticked shows the page again
 * with a message; "Pay" with the total seen gives the `payments.start` input of one
 * `family_fees` order for the ticked fees (familyQuote re-prices it inside the locks).
 */
export async function familyPayStep(db: Database, token: string, form: FormData, today: string): Promise<FamilyPayStep> {
  const parsed = formSchema.safeParse({ intent: form.get("intent") ?? undefined, fee: form.getAll("fee").map(String), seenTotal: form.get("seenTotal") ?? undefined });
  const chosen = parsed.success ? [...new Set(parsed.data.fee)] : [];
  const page = await familyPageData(db, token, today, { chosen });
  if (page.kind === "invalid") return { kind: "show", data: page, status: 410 };
  const again = (message: string) => familyPageData(db, token, today, { chosen, message });
  if (!parsed.success) return { kind: "show", data: await again("The form could not be read. Tick the fees to pay and try again."), status: 400 };
  if (page.chosen.length !== chosen.length) return { kind: "show", data: await again("One of the ticked fees is no longer due. Check the fees and try again.") };
  if (chosen.length === 0) return { kind: "show", data: await again("Tick at least one fee to pay.") };
  if (parsed.data.intent !== "pay" || parsed.data.seenTotal !== page.totalPaise) {
    return { kind: "show", data: parsed.data.intent === "pay" ? await again("The total changed with your choice: check it and pay again.") : page };
  }
  const mobile = readFamilyPayToken(token)!;
  const fees = payable(page.children);
  const choices = chosen.map((k) => fees.get(k)!);
  const family = (await Promise.all([...new Set(choices.map((c) => c.studentId))].map((id) => studentById(db, id)))).filter((s): s is Student => s !== null);
  const session = page.session;
  const { quote, refusal } = familyQuote(mobile, session, choices, today);
  const first = family[0];
  return {
    kind: "pay",
    start: {
      purpose: "family_fees",
      payableKey: familyPayableKey(mobile, session),
      payer: { name: first?.fatherName ?? first?.motherName ?? null, email: family.find((s) => s.email)?.email ?? null, phone: mobile },
      subject: familySubject(family),
      quote,
    },
    refusal,
    again,
  };
}

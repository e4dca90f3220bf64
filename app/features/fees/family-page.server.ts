/**
 * What the family's pay page (/fees/family/<token>) needs on the server: the page's data from
 * the link's token (masked names, classes and each fee's owed months, every month ticked), and the
 * start of one payment for the ticked months (the route hands it to `payments.start`). The token
 * is the only key: no admission number or date of birth is asked. docs/decisions/023-family-payments.md.
 */
import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { StartInput } from "~/core/payments/service.server";
import { studentById, type Student } from "~/core/students/roll.server";
import { sessionOf } from "~/lib/dates";
import { monthPick, type FamilyChild } from "./family";
import { SELECTION_MESSAGES, type FeePurpose } from "./schedule";
import { FAMILY_AHEAD_DAYS, familyDues } from "./family.server";
import { readFamilyPayToken } from "./family-link.server";
import { familyPayableKey, familyQuote, familySubject, type FamilyChoice } from "./family-payment.server";

export type FamilyPageData =
  | { kind: "invalid" }
  | { kind: "dues"; token: string; session: string; children: FamilyChild[]; lateFeeRule: string; chosen: string[]; totalPaise: number; message: string | null };

/** A month that can be paid now: its fee (owed months, none of them in an open order), its place in the fee's months and its cost. */
type PayableMonth = { studentId: number; purpose: FeePurpose; month: string; index: number; totalPaise: number; child: string };

function payable(children: readonly FamilyChild[]): Map<string, PayableMonth> {
  return new Map(
    children.flatMap((c) =>
      c.fees.filter((f) => !f.inProgress).flatMap((f) => f.months.map((m, index) => [monthPick(c.studentId, f.purpose, m.month), { studentId: c.studentId, purpose: f.purpose, month: m.month, index, totalPaise: m.totalPaise, child: c.name }] as const)),
    ),
  );
}

/**
 * The chosen months grouped into one choice per fee, oldest first, or the problem: within each
 * fee the months must be its oldest owed ones with no gap, as on /fees (decision 016).
 */
function choicesOf(months: Map<string, PayableMonth>, chosen: readonly string[]): { ok: true; choices: FamilyChoice[] } | { ok: false; message: string } {
  const fees = new Map<string, PayableMonth[]>();
  for (const m of chosen.map((k) => months.get(k)!)) fees.set(`${m.studentId}:${m.purpose}`, [...(fees.get(`${m.studentId}:${m.purpose}`) ?? []), m]);
  const choices: FamilyChoice[] = [];
  for (const picked of fees.values()) {
    const ordered = picked.sort((a, b) => a.index - b.index);
    if (ordered.some((m, i) => m.index !== i)) return { ok: false, message: `${ordered[0]!.child}: ${SELECTION_MESSAGES.out_of_order}` };
    choices.push({ studentId: ordered[0]!.studentId, purpose: ordered[0]!.purpose, months: ordered.map((m) => m.month) });
  }
  return { ok: true, choices };
}

const totalOf = (months: Map<string, PayableMonth>, chosen: readonly string[]) => chosen.reduce((s, k) => s + (months.get(k)?.totalPaise ?? 0), 0);

/**
 * The page for `token` on `today` (IST): "invalid" for a malformed, forged or expired link (or a
 * family no longer on the roll); else every child's dues, months falling due within
 * FAMILY_AHEAD_DAYS included, with `chosen` months ticked (monthPick; default: every month that
 * can be paid).
 */
export async function familyPageData(db: Database, token: string, today: string, options: { chosen?: readonly string[]; message?: string | null; now?: Date } = {}): Promise<FamilyPageData> {
  const mobile = readFamilyPayToken(token, undefined, options.now);
  if (!mobile) return { kind: "invalid" };
  const dues = await familyDues(db, mobile, today, { withinDays: FAMILY_AHEAD_DAYS, exceptOrdersOf: familyPayableKey(mobile, sessionOf(today)) });
  if (!dues) return { kind: "invalid" };
  const months = payable(dues.children);
  const chosen = options.chosen ? options.chosen.filter((k) => months.has(k)) : [...months.keys()];
  return { kind: "dues", token, session: dues.session, children: dues.children, lateFeeRule: dues.lateFeeRule, chosen, totalPaise: totalOf(months, chosen), message: options.message ?? null };
}

const formSchema = z.object({
  intent: z.enum(["pay", "total"]).catch("total"),
  month: z.array(z.string().regex(/^\d{1,10}:(tuition|bus):\d{4}-\d{2}$/)).max(200),
  seenTotal: z.coerce.number().int().nonnegative().catch(-1),
});

export type FamilyPayStep =
  | { kind: "show"; data: FamilyPageData; status?: number }
  | { kind: "pay"; start: StartInput; refusal: () => string | null; again: (message: string) => Promise<FamilyPageData> };

/**
 * A post of the family's page (`month`: monthPick of each ticked month): re-prices the ticked
 * months; "See the total", a changed total (compared with `seenTotal`, the total the parent
 * saw), a gap in a fee's months or nothing ticked shows the page again with a message; "Pay"
 * with the total seen gives the `payments.start` input of one `family_fees` order for the
 * ticked months (familyQuote re-prices it inside the locks).
 */
export async function familyPayStep(db: Database, token: string, form: FormData, today: string): Promise<FamilyPayStep> {
  const parsed = formSchema.safeParse({ intent: form.get("intent") ?? undefined, month: form.getAll("month").map(String), seenTotal: form.get("seenTotal") ?? undefined });
  const chosen = parsed.success ? [...new Set(parsed.data.month)] : [];
  const page = await familyPageData(db, token, today, { chosen });
  if (page.kind === "invalid") return { kind: "show", data: page, status: 410 };
  const again = (message: string) => familyPageData(db, token, today, { chosen, message });
  if (!parsed.success) return { kind: "show", data: await again("The form could not be read. Tick the months to pay and try again."), status: 400 };
  if (page.chosen.length !== chosen.length) return { kind: "show", data: await again("One of the ticked months is no longer due. Check the months and try again.") };
  if (chosen.length === 0) return { kind: "show", data: await again("Tick at least one month to pay.") };
  const picked = choicesOf(payable(page.children), chosen);
  if (!picked.ok) return { kind: "show", data: await again(picked.message) };
  if (parsed.data.intent !== "pay" || parsed.data.seenTotal !== page.totalPaise) {
    return { kind: "show", data: parsed.data.intent === "pay" ? await again("The total changed with your choice: check it and pay again.") : page };
  }
  const mobile = readFamilyPayToken(token)!;
  const choices = picked.choices;
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

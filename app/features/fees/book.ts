/**
 * The fee book: what the school charges in one academic session (April–March), as the
 * administrator sets it. Plain data validated with zod on every save and every read, shared by
 * the server and the browser (no table module here). Amounts are integer paise.
 *
 * - Heads per class group with a period each: monthly (every month), quarterly (April, July,
 *   October, January), annual (April) or one-time (the joining month, only for students who joined in that
 *   session). Each falls due on `dueDay` of its month (IST).
 * - Bus fee per route or stop, per month.
 * - Concession rules: a percentage (sibling, staff child, RTE/EWS 100 %) or a fixed amount per
 *   period, applied to the heads they name.
 * - One late fee rule: per day after the due date, or flat, never above the cap.
 */
import { z } from "zod";
import { SCHOOL_CLASSES } from "#content/school";
import { yearLabel } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

export const HEAD_PERIODS = ["monthly", "quarterly", "annual", "one_time"] as const;
export type HeadPeriod = (typeof HEAD_PERIODS)[number];

/** How each period reads in the admin area. */
export const HEAD_PERIOD_LABELS: Record<HeadPeriod, string> = { monthly: "Monthly", quarterly: "Quarterly", annual: "Annual", one_time: "One-time" };

const paise = z.number().int("Amounts are whole paise").min(0, "Amounts cannot be negative").max(10_000_000_00, "That amount is too large");
const name = z.string().trim().min(2, "Give a name").max(60, "Keep names under 60 characters");
const code = z.string().trim().regex(/^[A-Z0-9_-]{2,20}$/, "Codes are 2-20 capital letters, digits, - or _");

export const feeHeadSchema = z.object({
  name,
  /** Tuition Fee is kept apart on receipts (Income Tax Act s.80C). */
  kind: z.enum(["tuition", "fee"]),
  period: z.enum(HEAD_PERIODS),
  amountPaise: paise.refine((v) => v > 0, "Amounts must be above zero"),
});
export type FeeHead = z.infer<typeof feeHeadSchema>;

export const classFeesSchema = z.object({
  classes: z.array(z.enum(SCHOOL_CLASSES)).min(1, "Name at least one class"),
  heads: z.array(feeHeadSchema).min(1, "Give at least one head"),
});
export type ClassFees = z.infer<typeof classFeesSchema>;

export const busStopSchema = z.object({ code, name, monthlyPaise: paise.refine((v) => v > 0, "Amounts must be above zero") });
export type BusStop = z.infer<typeof busStopSchema>;

export const concessionRuleSchema = z
  .object({
    code,
    name,
    kind: z.enum(["percent", "fixed"]),
    /** Percent of each named head (0-100), for kind "percent". */
    percent: z.number().int().min(1).max(100).optional(),
    /** Paise off each named head per period, for kind "fixed". */
    amountPaise: paise.optional(),
    /** Heads it applies to, by name ("Bus Fee" for the bus). */
    heads: z.array(name).min(1, "Name at least one head"),
  })
  .refine((r) => (r.kind === "percent" ? r.percent !== undefined : r.amountPaise !== undefined && r.amountPaise > 0), "A percent rule needs a percent, a fixed rule an amount");
export type ConcessionRule = z.infer<typeof concessionRuleSchema>;

export const lateFeeRuleSchema = z.object({
  kind: z.enum(["per_day", "flat"]),
  /** Per day late, or once. */
  amountPaise: paise,
  /** The most one period's late fee can be. */
  capPaise: paise,
});
export type LateFeeRule = z.infer<typeof lateFeeRuleSchema>;

/** The name bus fees carry on the ledger and receipts. */
export const BUS_HEAD = "Bus Fee";

export const feeBookSchema = z
  .object({
    /** Academic session "2026-27": 1 April 2026 to 31 March 2027. */
    session: z.string().regex(/^\d{4}-\d{2}$/, "Sessions read like 2026-27"),
    /** Day of the month each period falls due (1-28). */
    dueDay: z.number().int().min(1).max(28),
    structures: z.array(classFeesSchema).min(1, "Give the fees of at least one class group"),
    bus: z.array(busStopSchema),
    concessions: z.array(concessionRuleSchema),
    lateFee: lateFeeRuleSchema,
    /**
     * A student who joins after April: "current" charges the quarterly and annual heads whose
     * period has begun in the joining month, whole; "next" starts them at their next period.
     * Monthly heads start at the joining month either way.
     */
    joinerPeriods: z.enum(["current", "next"]).default("current"),
    /**
     * What a returned (bounced) cheque or demand draft costs the family, paise; the office
     * chooses, case by case, whether to charge it (0: never charged).
     */
    bounceChargePaise: paise.default(0),
  })
  .superRefine((book, ctx) => {
    if (book.session !== yearLabel(Number(book.session.slice(0, 4)))) ctx.addIssue({ code: "custom", path: ["session"], message: "A session runs April to March of the next year, e.g. 2026-27" });
    const seen = new Set<string>();
    for (const s of book.structures) for (const c of s.classes) {
      if (seen.has(c)) ctx.addIssue({ code: "custom", path: ["structures"], message: `${c} is in two class groups` });
      seen.add(c);
    }
    for (const s of book.structures) {
      const names = s.heads.map((h) => h.name);
      if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", path: ["structures"], message: `A head is named twice for ${s.classes.join(", ")}` });
      if (names.includes(BUS_HEAD)) ctx.addIssue({ code: "custom", path: ["structures"], message: `"${BUS_HEAD}" is the bus's head; give the school's heads other names` });
    }
    const stops = book.bus.map((b) => b.code);
    if (new Set(stops).size !== stops.length) ctx.addIssue({ code: "custom", path: ["bus"], message: "Two bus stops share a code" });
    const rules = book.concessions.map((r) => r.code);
    if (new Set(rules).size !== rules.length) ctx.addIssue({ code: "custom", path: ["concessions"], message: "Two concessions share a code" });
    if (book.lateFee.capPaise < (book.lateFee.kind === "flat" ? 0 : book.lateFee.amountPaise) && book.lateFee.amountPaise > 0) {
      ctx.addIssue({ code: "custom", path: ["lateFee"], message: "The late fee cap is below one day's late fee" });
    }
  });
export type FeeBook = z.infer<typeof feeBookSchema>;

/** The heads of `className` in the book, or none when the book does not charge that class. */
export function headsFor(book: FeeBook, className: string): FeeHead[] {
  return book.structures.find((s) => (s.classes as string[]).includes(className))?.heads ?? [];
}

/** What a concession rule takes off, in words: "10% off Tuition Fee", "₹500 off Tuition Fee, Computer Fee" (a fixed rule, per period). */
export function concessionText(rule: ConcessionRule): string {
  const off = rule.kind === "percent" ? `${rule.percent}%` : formatRupees(rule.amountPaise ?? 0);
  return `${off} off ${rule.heads.join(", ")}`;
}

/**
 * The book as the audit log keeps it (app/core/audit): one line per head of a class group, bus
 * stop and concession, named so that a change to one amount shows as that line alone, e.g.
 * "fee: Class 1, Class 2 / Tuition Fee" → "₹1,500 monthly (tuition)".
 */
export function bookAuditFields(book: FeeBook): Record<string, string | number> {
  const out: Record<string, string | number> = { session: book.session, "due day": book.dueDay, "joiners pay": book.joinerPeriods };
  for (const s of book.structures) {
    for (const h of s.heads) out[`fee: ${s.classes.join(", ")} / ${h.name}`] = `${formatRupees(h.amountPaise)} ${HEAD_PERIOD_LABELS[h.period].toLowerCase()}${h.kind === "tuition" ? " (tuition)" : ""}`;
  }
  for (const b of book.bus) out[`bus: ${b.code}`] = `${b.name}, ${formatRupees(b.monthlyPaise)} a month`;
  for (const c of book.concessions) out[`concession: ${c.code}`] = `${c.name}: ${concessionText(c)}`;
  const late = book.lateFee;
  out["late fee"] = late.amountPaise === 0 ? "none" : `${formatRupees(late.amountPaise)} ${late.kind === "per_day" ? "a day" : "once"}, at most ${formatRupees(late.capPaise)}`;
  out["bounce charge"] = book.bounceChargePaise === 0 ? "none" : formatRupees(book.bounceChargePaise);
  return out;
}

/**
 * Admitting a child, composed above the features: the admissions feature's roll hook puts the
 * child on the roll with an admission number (features/admissions/roll.server.ts), then the fees
 * feature's figures of the admission's session say what the first fees are and when they fall
 * due, for the parent's "Admitted" message. Runs inside the admitting transaction; throws what
 * the driver throws (rolling the admission back).
 */
import type { Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import type { Admitted, ApplicationWithSession } from "~/features/admissions/applications.server";
import { onAdmitted } from "~/features/admissions/roll.server";
import { firstFees, firstFeesText } from "~/features/fees/first-fees";
import { accountsOn } from "~/features/fees/ledger.server";
import { kolkataDate } from "~/lib/dates";

/** The workflow's OnAdmitted hook: the roll's admission, with the first fees in words (null without a fee book for the session). */
export async function admitWithFees(tx: Database, application: ApplicationWithSession, actor: Actor, now = new Date()): Promise<Admitted> {
  const admitted = await onAdmitted(tx, application, actor, now);
  const [account] = await accountsOn(tx, application.sessionName, kolkataDate(now), [admitted.studentId]);
  const first = account ? firstFees([...account.tuition, ...account.bus]) : null;
  return { note: admitted.note, admissionNumber: admitted.admissionNumber, firstFees: first ? firstFeesText(first) : null };
}

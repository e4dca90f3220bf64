/**
 * What the admissions feature tells parents and the office (docs/decisions/022-messages.md),
 * enqueued in the transaction of the event: an application submitted (its fee paid) and each
 * decision the school makes about it.
 */
import type { Database } from "~/db/client.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/db/admission-values";
import { enqueue } from "~/core/messages/outbox.server";
import type { MessageSettings } from "~/core/messages/settings";
import { receiptAttachment } from "~/core/receipts/message.server";
import type { Receipt } from "~/core/receipts/issue.server";
import { acknowledgementFileName } from "./numbering";
import type { Admitted, ApplicationWithSession } from "./applications.server";
import type { MoveTarget } from "./workflow";

/**
 * Where a parent checks the status: the lookup page (number and registered mobile). It takes no
 * query, and the acknowledgement page (by public id) leads to the receipt with the child's full
 * name, which an SMS forwarded or read over a shoulder should not open.
 */
export const STATUS_PATH = "/admissions/status";

/** The administrator's page of an application. */
export function adminApplicationPath(publicId: string): string {
  return `/admin/applications/${publicId}`;
}

/**
 * The application's fee was paid and it is now submitted: `application_new` to the office and
 * `application_received` to the parent (e-mail with the acknowledgement and the fee receipt
 * attached; SMS with the number and the status link), key `application:<publicId>`, in `tx`;
 * `settings`: the messages settings, read in `tx` before the receipt's number was taken.
 */
export async function enqueueApplicationReceived(tx: Database, application: ApplicationWithSession, receipt: Receipt, { now, settings }: { now?: Date; settings?: MessageSettings } = {}): Promise<void> {
  const key = `application:${application.publicId}`;
  const related = `application:${application.number}`;
  await enqueue(tx, {
    kind: "application_new",
    data: {
      number: application.number,
      childName: application.childName,
      className: application.classApplied,
      sessionName: application.sessionName,
      parentName: application.parentName,
      mobile: application.mobile,
      adminPath: adminApplicationPath(application.publicId),
    },
    key,
    related,
    now,
    settings,
  });
  await enqueue(tx, {
    kind: "application_received",
    data: { number: application.number, childName: application.childName, className: application.classApplied, sessionName: application.sessionName, statusPath: STATUS_PATH },
    to: { email: application.email, mobile: application.mobile },
    key,
    attachments: [{ kind: "application_acknowledgement", id: application.publicId, filename: acknowledgementFileName(application.number) }, receiptAttachment(receipt)],
    related,
    now,
    settings,
  });
}

const TOLD: readonly ApplicationStatus[] = ["under_review", "admitted", "waitlisted", "rejected"] satisfies readonly MoveTarget[];

/** True for the statuses a parent is told of when the school moves an application there (not the fee's own `submitted`). */
export function toldToParent(status: ApplicationStatus): status is MoveTarget {
  return TOLD.includes(status);
}

/**
 * The school moved the application to `status` (history row `historyId`): `application_status`
 * to the parent with the school's message to them (`message`; never the office's internal note)
 * and, on admission, the admission number and the first fees (`admitted`), key `application:<publicId>:status:<historyId>`, in `tx`.
 */
export async function enqueueStatusChange(tx: Database, application: ApplicationWithSession, status: MoveTarget, message: string | null, historyId: number, now?: Date, admitted?: Admitted | null): Promise<void> {
  await enqueue(tx, {
    kind: "application_status",
    data: {
      number: application.number,
      childName: application.childName,
      status,
      statusLabel: APPLICATION_STATUS_LABELS[status],
      note: message,
      statusPath: STATUS_PATH,
      ...(admitted ? { admissionNumber: admitted.admissionNumber, firstFees: admitted.firstFees ?? null } : {}),
    },
    to: { email: application.email, mobile: application.mobile },
    key: `application:${application.publicId}:status:${historyId}`,
    related: `application:${application.number}`,
    now,
  });
}

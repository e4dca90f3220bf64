/**
 * /admin/fees/students/{id}: edit the student; the months of the session for school
 * and bus fees; open online orders; collect at the office (the total, and any open online
 * order, confirmed first; receipt issued at once); credits (months paid twice) refunded or
 * applied to the next months; the payments, each refundable or cancellable with a reason; the
 * statement of account (PDF). Someone who may not change fees (a Viewer) reads the same page
 * without its forms: the months, credits, payments and the student's details, and who may change them.
 */
import { data } from "react-router";
import { useNavigation } from "react-router";
import type { Route } from "./+types/fee-student";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { demandPermission, requirePermission } from "~/features/auth/session.server";
import { ReadOnlyNote } from "~/components/read-only-note";
import { CreditPanel, FeesNav, Notice, OfficeCollect, OfficeConfirmPanel, OpenOrders, PaymentsTable, secondary } from "~/features/fees/components/admin";
import { StudentFacts, StudentForm } from "~/features/fees/components/student-form";
import { RemindersPanel } from "~/core/messages/components/reminders-panel";
import { studentById } from "~/core/students/roll.server";
import { readForm } from "~/lib/request-body.server";
import { REMINDER_INTENTS, studentAction, studentPageData } from "./fee-student.server";
import { setNoStore } from "~/lib/http";

async function find(id: string) {
  return /^\d{1,10}$/.test(id) ? studentById(await getDb(), Number(id)) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const student = await find(params.id);
  if (!student) throw data("No such student.", { status: 404, headers });
  // Which of the page's forms to show; the action checks again (fees.manage, or messages.manage for reminders).
  return data({ ...(await studentPageData(student)), canManage: can(user, "fees.manage"), canRemind: can(user, "messages.manage") }, { headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requirePermission(request, "fees.view");
  const { user, headers } = session;
  setNoStore(headers);
  const form = await readForm(request, "/admin/fees/students/:id");
  // Reminders are the messages' business; every other form changes money or the roll.
  demandPermission(session, REMINDER_INTENTS.has(String(form.get("intent"))) ? "messages.manage" : "fees.manage");
  const student = await find(params.id);
  if (!student) throw data("No such student.", { status: 404, headers });
  return studentAction(form, student, actorOf(user, context.clientIp), headers);
}

export const meta: Route.MetaFunction = () => [{ title: "Student fees | Admin" }];

export default function AdminFeeStudent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">{d.name} <span className="font-mono text-lg text-slate-700">{d.admissionNumber}</span></h1>
      <p className="mt-1 text-sm text-slate-700" data-testid="student-facts">{d.facts.join(" · ")}</p>
      <FeesNav />
      {!d.canManage && <ReadOnlyNote need={whoMay("fees.manage")} className="mb-4" />}
      <Notice tone="error" message={actionData?.error} />
      <Notice tone="ok" message={actionData?.ok} link={actionData?.link} />
      {d.canManage && actionData?.confirm && <OfficeConfirmPanel confirm={actionData.confirm} busy={busy} />}
      <OpenOrders orders={d.openOrders} />
      <p className="mb-4"><a href={`/admin/fees/students/${d.id}/statement.pdf`} download className={secondary}>Statement of account (PDF)</a></p>
      {d.session ? (
        <section aria-labelledby="collect-heading">
          <h2 id="collect-heading" className="text-xl font-bold text-brand-800">Session {d.session}: {d.canManage ? "collect at the office" : "months due and paid"}</h2>
          <CreditPanel purpose="tuition" title="School fee" credits={d.credit.tuition.credits} total={d.credit.tuition.total} busy={busy} canChange={d.canManage} />
          <CreditPanel purpose="bus" title="Bus fee" credits={d.credit.bus.credits} total={d.credit.bus.total} busy={busy} canChange={d.canManage} />
          <OfficeCollect purpose="tuition" title="School fee" months={d.tuition} busy={busy} canChange={d.canManage} />
          <OfficeCollect purpose="bus" title="Bus fee" months={d.bus} busy={busy} canChange={d.canManage} />
        </section>
      ) : (
        <p>No fee book for this session yet.</p>
      )}
      <RemindersPanel reminders={d.reminders} busy={busy} canChange={d.canRemind} />
      <section aria-labelledby="payments-heading" className="mt-8">
        <h2 id="payments-heading" className="text-xl font-bold text-brand-800">Payments</h2>
        <PaymentsTable rows={d.payments} busy={busy} canChange={d.canManage} bounce={actionData?.bounce} />
      </section>
      <section aria-labelledby="edit-heading" className="mt-8">
        <h2 id="edit-heading" className="mb-2 text-xl font-bold text-brand-800">{d.canManage ? "Edit student" : "Student details"}</h2>
        {d.canManage ? <StudentForm values={d.values} busy={busy} /> : <StudentFacts values={d.values} />}
      </section>
    </div>
  );
}

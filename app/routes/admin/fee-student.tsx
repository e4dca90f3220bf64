/**
 * /admin/fees/students/{id} (issue 13): edit the student; the months of the session for school
 * and bus fees; collect at the office (receipt issued at once); the payments, each refundable
 * or cancellable with a reason; the statement of account (PDF).
 */
import { data } from "react-router";
import { useNavigation } from "react-router";
import type { Route } from "./+types/fee-student";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/session.server";
import { sessionOf } from "~/features/fees/book";
import { FeesNav, Notice, OfficeCollect, PaymentsTable, secondary } from "~/features/fees/components/admin";
import { StudentForm, type StudentValues } from "~/features/fees/components/student-form";
import { accountOf, bookFor, paymentsOf } from "~/features/fees/ledger.server";
import { parseOfficeForm } from "~/features/fees/office-form";
import { accountView } from "~/features/fees/parent.server";
import { studentSchema } from "~/features/fees/roster";
import { MODE_LABELS } from "~/features/fees/reports.server";
import { studentById, updateStudent } from "~/features/fees/students.server";
import { collectAtOffice, FEE_PURPOSE_NAMES, refundFeePayment } from "~/fees.server";
import { formatDateTime, kolkataDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { readForm } from "~/lib/request-body.server";

async function find(id: string) {
  return /^\d{1,10}$/.test(id) ? studentById(await getDb(), Number(id)) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Cache-Control", "no-store");
  const student = await find(params.id);
  if (!student) throw data("No such student.", { status: 404, headers });
  const db = await getDb();
  const today = kolkataDate(new Date());
  const book = await bookFor(db, sessionOf(today));
  const months = async (purpose: "tuition" | "bus") => (book ? accountView(await accountOf(db, student, book, purpose, today), "").months : []);
  const payments = (await paymentsOf(db, student.id)).map((p) => ({
    id: p.id,
    paidAt: formatDateTime(p.paidAt),
    purpose: FEE_PURPOSE_NAMES[p.purpose],
    mode: `${MODE_LABELS[p.mode]}${p.instrument ? ` (${p.instrument})` : ""}${p.bankReference ? ` UTR ${p.bankReference}` : ""}`,
    amountPaise: p.amountPaise,
    receiptId: p.receiptId,
    reversed: p.reversedAt ? `Reversed ${formatDateTime(p.reversedAt)} by ${p.reversedBy}: ${p.reversalReason}` : null,
  }));
  const values: StudentValues = {
    admissionNumber: student.admissionNumber,
    name: student.name,
    dateOfBirth: student.dateOfBirth,
    className: student.className,
    section: student.section ?? "",
    fatherName: student.fatherName ?? "",
    motherName: student.motherName ?? "",
    mobile: student.mobile,
    email: student.email ?? "",
    busStop: student.busStop ?? "",
    concessions: student.concessions.join(", "),
    joinedSession: student.joinedSession ?? "",
  };
  return data({ id: student.id, name: student.name, admissionNumber: student.admissionNumber, session: book?.session ?? null, values, tuition: await months("tuition"), bus: await months("bus"), payments }, { headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, headers } = await requireAdmin(request);
  headers.set("Cache-Control", "no-store");
  const form = await readForm(request, "/admin/fees/students/:id");
  const student = await find(params.id);
  if (!student) throw data("No such student.", { status: 404, headers });
  const text = (name: string, max = 100) => String(form.get(name) ?? "").trim().slice(0, max);
  const intent = text("intent");
  if (intent === "save") {
    const parsed = studentSchema.safeParse(Object.fromEntries(["admissionNumber", "name", "dateOfBirth", "className", "section", "fatherName", "motherName", "mobile", "email", "busStop", "concessions", "joinedSession"].map((k) => [k, text(k, 260)])));
    if (!parsed.success) return data({ error: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; "), ok: null }, { status: 400, headers });
    const book = await bookFor(await getDb(), sessionOf(kolkataDate(new Date())));
    if (book && parsed.data.busStop && !book.bus.some((b) => b.code === parsed.data.busStop)) return data({ error: `busStop: no bus stop "${parsed.data.busStop}" in the fee book`, ok: null }, { status: 400, headers });
    const unknown = parsed.data.concessions.filter((c) => book && !book.concessions.some((r) => r.code === c));
    if (unknown.length) return data({ error: `concessions: not in the fee book: ${unknown.join(", ")}`, ok: null }, { status: 400, headers });
    const saved = await updateStudent(await getDb(), student.id, parsed.data);
    return data(saved === "updated" ? { error: null, ok: "Student saved. Dues already posted keep their amounts." } : { error: "That admission number belongs to another student.", ok: null }, { status: saved === "updated" ? 200 : 400, headers });
  }
  if (intent === "collect") {
    const parsed = parseOfficeForm(form);
    if (!parsed.ok) return data({ error: parsed.message, ok: null }, { status: 400, headers });
    const today = kolkataDate(new Date());
    const result = await collectAtOffice({ ...parsed.value, studentId: student.id, session: sessionOf(today), today, by: user.email });
    return result.kind === "recorded"
      ? data({ error: null, ok: `Payment of ${formatRupees(result.receipt.totalPaise)} recorded. Receipt ${result.receipt.number} issued.` }, { headers })
      : data({ error: result.message, ok: null }, { status: 400, headers });
  }
  if (intent === "refund") {
    const reason = text("reason", 500);
    if (reason.length < 3) return data({ error: "Give a reason of 3 to 500 characters.", ok: null }, { status: 400, headers });
    const id = Number(text("paymentId", 10));
    const payments = await paymentsOf(await getDb(), student.id);
    if (!payments.some((p) => p.id === id)) return data({ error: "No such payment for this student.", ok: null }, { status: 400, headers });
    const result = await refundFeePayment(id, reason, user.email);
    return data({ error: null, ok: result === "reversed" ? "Payment reversed; its receipt is cancelled." : "This payment was already reversed." }, { headers });
  }
  return data({ error: "Unknown action.", ok: null }, { status: 400, headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Student fees | Admin" }];

export default function AdminFeeStudent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-800">{d.name} <span className="font-mono text-lg text-slate-700">{d.admissionNumber}</span></h1>
      <FeesNav />
      <Notice tone="error" message={actionData?.error} />
      <Notice tone="ok" message={actionData?.ok} />
      <p className="mb-4"><a href={`/admin/fees/students/${d.id}/statement.pdf`} download className={secondary}>Statement of account (PDF)</a></p>
      {d.session ? (
        <section aria-labelledby="collect-heading">
          <h2 id="collect-heading" className="text-xl font-bold text-brand-800">Session {d.session}: collect at the office</h2>
          <OfficeCollect purpose="tuition" title="School fee" months={d.tuition} busy={busy} />
          <OfficeCollect purpose="bus" title="Bus fee" months={d.bus} busy={busy} />
        </section>
      ) : (
        <p>No fee book for this session yet.</p>
      )}
      <section aria-labelledby="payments-heading" className="mt-8">
        <h2 id="payments-heading" className="text-xl font-bold text-brand-800">Payments</h2>
        <PaymentsTable rows={d.payments} busy={busy} />
      </section>
      <section aria-labelledby="edit-heading" className="mt-8">
        <h2 id="edit-heading" className="mb-2 text-xl font-bold text-brand-800">Edit student</h2>
        <StudentForm values={d.values} busy={busy} />
      </section>
    </div>
  );
}

/**
 * The administrator's page for one receipt: what it says, its PDF, and cancelling it
 * with a reason (for someone who may: `canCancel`; others read who may, `need`). A receipt is
 * never edited or deleted; a cancelled one keeps its number.
 */
import { Form, useNavigation } from "react-router";
import { REASON_MAX, REASON_MIN } from "~/lib/reason";
import { FactList } from "./fact-list";
import { Button, buttonClass } from "~/components/button";
import { ReadOnlyNote } from "~/components/read-only-note";

export type AdminReceiptView = {
  id: number;
  number: string;
  issued: string;
  student: string;
  purpose: string;
  amount: string;
  status: "issued" | "cancelled";
  cancelled: string | null;
  pdfHref: string;
  verifyHref: string;
};

export function CancelReceipt({ receipt, message, canCancel, need }: { receipt: AdminReceiptView; message: string | null; canCancel: boolean; need: string }) {
  const busy = useNavigation().state === "submitting";
  const rows: [string, string][] = [
    ["Issued (IST)", receipt.issued],
    ["Student", receipt.student],
    ["Purpose", receipt.purpose],
    ["Amount", receipt.amount],
    ["Status", receipt.cancelled ?? "Issued"],
  ];
  return (
    <>
      <h1 className="font-mono text-2xl font-bold text-brand-800">Receipt {receipt.number}</h1>
      <FactList rows={rows} className="mt-4 max-w-xl" />
      <p className="mt-4 flex flex-wrap gap-3">
        <a href={receipt.pdfHref} download className={buttonClass({ variant: "secondary", className: "bg-white" })}>Download PDF</a>
        <a href={receipt.verifyHref} className="rounded-lg px-4 py-2 font-semibold text-brand-700 underline">Verification page</a>
      </p>
      {message && <p role="status" className="mt-4 max-w-xl rounded-lg bg-slate-100 p-3">{message}</p>}
      {receipt.status === "issued" && !canCancel && <ReadOnlyNote need={need} className="mt-6" />}
      {receipt.status === "issued" && canCancel && (
        <Form method="post" className="mt-6 max-w-xl space-y-3 rounded-2xl border border-red-200 bg-white p-5">
          <h2 className="font-bold text-red-800">Cancel this receipt</h2>
          <p className="text-sm text-slate-700">The receipt keeps its number and stays on record, marked CANCELLED on its PDF and on verification. This cannot be undone.</p>
          <label htmlFor="cancel-reason" className="block font-semibold">Reason</label>
          <textarea id="cancel-reason" name="reason" required minLength={REASON_MIN} maxLength={REASON_MAX} rows={3} className="block w-full rounded-lg border border-slate-400 px-3 py-2" />
          <Button variant="danger" size="touch" disabled={busy}>
            {busy ? "Cancelling..." : "Cancel receipt"}
          </Button>
        </Form>
      )}
    </>
  );
}

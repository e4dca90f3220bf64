/**
 * What every pay button says when no gateway is configured (SPEC §5: missing gateway settings are
 * tolerated): plainly that online payment is not available, and how to pay at the school office
 * (facts from content/school.ts).
 */
import { formatAddress, school } from "#content/school";

export function PaymentUnavailable({ reason = "Online payment is not available right now." }: { reason?: string }) {
  const [phone] = school.phones;
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-left text-slate-900">
      <p className="font-bold">{reason}</p>
      <p className="mt-2">
        You can pay at the school office, {formatAddress()}, {school.hours.days} {school.hours.open}–{school.hours.close}, by cash, cheque, demand
        draft or UPI; you get a receipt at once. Questions: call{" "}
        <a className="font-semibold text-brand-700 underline" href={`tel:${phone.e164}`}>{phone.display}</a>.
      </p>
    </div>
  );
}

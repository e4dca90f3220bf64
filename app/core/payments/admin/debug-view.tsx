/**
 * /icici-debug (SPEC §2 payment debug page; DESIGN.md §8: administrator only): the active gateway,
 * which settings are present (masked, never a key), the last 50 gateway events with their
 * verification, and a status check for one reference. It never encrypts or decrypts input.
 */
import { Form, Link, useNavigation } from "react-router";
import { provenance, type EventRow } from "./order-detail";
import { Button } from "~/components/button";
import { DenseField, TextInput } from "~/components/field";

export type DebugData = {
  provider: string;
  available: boolean;
  problems: string[];
  settings: { name: string; value: string }[];
  returnUrl: string;
  webhookUrl: string;
  events: (EventRow & { reference: string | null })[];
};

export type DebugCheck = { ok: true; reference: string; status: string; detail: string } | { ok: false; message: string };

export function DebugView({ data, check }: { data: DebugData; check: DebugCheck | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="text-sm"><Link to="/admin/payments" className="font-semibold text-brand-700 underline">All payments</Link></p>
      <h1 className="mt-2 text-2xl font-bold text-brand-800">Payment Debug</h1>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-bold">Gateway</h2>
          <p className="mt-2">
            <span className="font-mono font-semibold">{data.provider}</span>{" "}
            {data.available ? <span className="rounded-full bg-emerald-100 px-2 text-sm font-bold text-emerald-900">taking payments</span> : <span className="rounded-full bg-red-100 px-2 text-sm font-bold text-red-900">unavailable</span>}
          </p>
          {data.problems.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm text-red-900">
              {data.problems.map((p) => <li key={p}>{p}</li>)}
            </ul>
          )}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {data.settings.map((s) => (
              <div key={s.name} className="contents">
                <dt className="font-mono text-slate-700">{s.name}</dt>
                <dd className="break-all">{s.value}</dd>
              </div>
            ))}
            <dt className="text-slate-700">Return URL</dt>
            <dd className="font-mono break-all">{data.returnUrl}</dd>
            <dt className="text-slate-700">Webhook URL</dt>
            <dd className="font-mono break-all">{data.webhookUrl}</dd>
          </dl>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-bold">Status check</h2>
          <p className="mt-2 text-sm text-slate-700">Asks the gateway about one of our references now and records the answer.</p>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <DenseField label="Reference" className="grow">
              <TextInput name="reference" required maxLength={20} className="font-mono uppercase" />
            </DenseField>
            <Button disabled={busy}>
              {busy ? "Checking..." : "Check"}
            </Button>
          </Form>
          {check && (
            <p role="status" className={`mt-3 rounded-lg p-3 text-sm ${check.ok ? "bg-slate-100" : "bg-red-50 text-red-900"}`}>
              {check.ok ? (
                <>
                  <Link className="font-mono font-semibold text-brand-700 underline" to={`/admin/payments/${check.reference}`}>{check.reference}</Link>: {check.status}. {check.detail}
                </>
              ) : (
                check.message
              )}
            </p>
          )}
        </section>
      </div>
      <section className="mt-5">
        <h2 className="text-lg font-bold">Last 50 gateway events</h2>
        {data.events.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">No gateway events yet.</p>
        ) : (
          <>
            <table className="mt-3 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Time (IST)</th>
                  <th scope="col" className="px-3 py-2">Reference</th>
                  <th scope="col" className="px-3 py-2">Kind</th>
                  <th scope="col" className="px-3 py-2">Verification</th>
                  <th scope="col" className="px-3 py-2">Said</th>
                  <th scope="col" className="px-3 py-2">Detail</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200 align-top" data-testid="debug-event">
                    <td className="px-3 py-2 whitespace-nowrap">{e.at}</td>
                    <td className="px-3 py-2 font-mono"><EventReference reference={e.reference} /></td>
                    <td className="px-3 py-2 font-mono">{e.kind}</td>
                    <td className="px-3 py-2">{provenance(e.kind, e.verified)}</td>
                    <td className="px-3 py-2">{e.outcome}</td>
                    <td className="px-3 py-2">{e.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-3 space-y-3 md:hidden">
              {data.events.map((e) => (
                <li key={e.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                  <p className="flex flex-wrap gap-x-3 font-semibold">
                    <span>{e.at}</span>
                    <span className="font-mono"><EventReference reference={e.reference} /></span>
                  </p>
                  <p className="mt-1 text-slate-700">{e.kind} · {provenance(e.kind, e.verified)} · said {e.outcome}</p>
                  <p className="mt-1">{e.detail}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** A reference of ours links to its order; one that names no order of ours is said so. */
function EventReference({ reference }: { reference: string | null }) {
  return reference ? <Link className="text-brand-700 underline" to={`/admin/payments/${reference}`}>{reference}</Link> : <>not ours</>;
}

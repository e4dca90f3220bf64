/**
 * The administrator's admission settings: session, open classes, application fee (₹) and age
 * cut-off; for someone who may not change them (`canEdit` false), the same settings to read and
 * who may change them (`need`).
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/button";
import { DENSE_LABEL_CLASS, DenseField, TextInput } from "~/components/field";
import { ReadOnlyNote } from "~/components/read-only-note";
import { formatRupees } from "~/lib/money";
import { defaultCutOff, formatCutOff } from "../age";
import { SCHOOL_CLASSES } from "#content/school";

type Session = { name: string; openClasses: string[]; applicationFeePaise: number; ageCutOff: string };
type Props = { session: Session | null; message: string | null; saved: boolean; canEdit: boolean; need: string };

/** The open session's settings as facts. */
function SettingsFacts({ session }: { session: Session }) {
  const rows: [string, string][] = [
    ["Application fee", formatRupees(session.applicationFeePaise)],
    ["Age counted on", formatCutOff(session.ageCutOff)],
    ["Classes open for application", session.openClasses.join(", ") || "none"],
  ];
  return (
    <dl className="mt-5 grid gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:p-5">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AdmissionSettingsForm({ session, message, saved, canEdit, need }: Props) {
  const name = session?.name ?? "";
  return (
    <>
      <p className="text-sm"><Link to="/admin/applications" className="font-semibold text-brand-700 underline">All applications</Link></p>
      <h1 className="mt-2 text-2xl font-bold text-brand-800">Admission settings</h1>
      <p className="mt-2 text-sm text-slate-700">{session ? `Session ${session.name} is open for applications.` : "Admissions are closed: /apply says so."}</p>
      {canEdit ? (
        <>
          {message && <p role={saved ? "status" : "alert"} className={`mt-4 rounded-xl border p-3 ${saved ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}>{message}</p>}
          <Form method="post" className="mt-5 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="grid gap-4 sm:grid-cols-3">
              <DenseField label="Session">
                <TextInput look="dense" name="name" required pattern="\d{4}-\d{2}" defaultValue={name} placeholder="2027-28" />
              </DenseField>
              <DenseField label="Application fee (₹)">
                <TextInput look="dense" name="applicationFeeRupees" type="number" min={1} max={100000} step={1} required defaultValue={session ? session.applicationFeePaise / 100 : 500} />
              </DenseField>
              <DenseField label="Age counted on">
                <TextInput look="dense" name="ageCutOff" type="date" required defaultValue={session?.ageCutOff ?? (name ? defaultCutOff(name) : "")} />
              </DenseField>
            </div>
            <fieldset>
              <legend className={DENSE_LABEL_CLASS}>Classes open for application</legend>
              <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
                {SCHOOL_CLASSES.map((c) => (
                  <label key={c} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="openClasses" value={c} defaultChecked={session?.openClasses.includes(c) ?? false} className="h-4 w-4" />
                    {c}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <Button size="sm">Save and open this session</Button>
              {session && <Button name="intent" value="close" formNoValidate variant="danger-outline" size="sm">Close admissions</Button>}
            </div>
            <p className="text-xs text-slate-600">The fee applies to applications sent from now on; each application keeps the fee it was sent with.</p>
          </Form>
        </>
      ) : (
        <>
          {session && <SettingsFacts session={session} />}
          <ReadOnlyNote need={need} className="mt-4" />
        </>
      )}
    </>
  );
}

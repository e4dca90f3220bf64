/** The administrator's admission settings: session, open classes, application fee (₹) and age cut-off. */
import { Form, Link } from "react-router";
import { defaultCutOff } from "../age";
import { SCHOOL_CLASSES } from "#content/school";

const field = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm";
const label = "block text-xs font-semibold uppercase tracking-wide text-slate-700";

type Props = { session: { name: string; openClasses: string[]; applicationFeePaise: number; ageCutOff: string } | null; message: string | null; saved: boolean };

export function AdmissionSettingsForm({ session, message, saved }: Props) {
  const name = session?.name ?? "";
  return (
    <>
      <p className="text-sm"><Link to="/admin/applications" className="font-semibold text-brand-700 underline">All applications</Link></p>
      <h1 className="mt-2 text-2xl font-bold text-brand-800">Admission settings</h1>
      <p className="mt-2 text-sm text-slate-700">{session ? `Session ${session.name} is open for applications.` : "Admissions are closed: /apply says so."}</p>
      {message && <p role={saved ? "status" : "alert"} className={`mt-4 rounded-xl border p-3 ${saved ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}>{message}</p>}
      <Form method="post" className="mt-5 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <label>
            <span className={label}>Session</span>
            <input name="name" required pattern="\d{4}-\d{2}" defaultValue={name} placeholder="2027-28" className={field} />
          </label>
          <label>
            <span className={label}>Application fee (₹)</span>
            <input name="applicationFeeRupees" type="number" min={1} max={100000} step={1} required defaultValue={session ? session.applicationFeePaise / 100 : 500} className={field} />
          </label>
          <label>
            <span className={label}>Age counted on</span>
            <input name="ageCutOff" type="date" required defaultValue={session?.ageCutOff ?? (name ? defaultCutOff(name) : "")} className={field} />
          </label>
        </div>
        <fieldset>
          <legend className={label}>Classes open for application</legend>
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
          <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">Save and open this session</button>
          {session && <button type="submit" name="intent" value="close" formNoValidate className="rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">Close admissions</button>}
        </div>
        <p className="text-xs text-slate-600">The fee applies to applications sent from now on; each application keeps the fee it was sent with.</p>
      </Form>
    </>
  );
}

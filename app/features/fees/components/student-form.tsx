/** The administrator's edit form for one student (keeps what was typed on error), or the same facts to read. */
import { Form } from "react-router";
import { SCHOOL_CLASSES } from "#content/school";
import { input, primary } from "./admin";

export type StudentValues = Record<"admissionNumber" | "name" | "dateOfBirth" | "className" | "section" | "fatherName" | "motherName" | "mobile" | "email" | "busStop" | "concessions" | "joinedSession" | "joinedMonth", string>;

const FIELDS: { name: keyof StudentValues; label: string; type?: string }[] = [
  { name: "admissionNumber", label: "Admission number" },
  { name: "name", label: "Name" },
  { name: "dateOfBirth", label: "Date of birth", type: "date" },
  { name: "section", label: "Section" },
  { name: "fatherName", label: "Father's name" },
  { name: "motherName", label: "Mother's name" },
  { name: "mobile", label: "Mobile", type: "tel" },
  { name: "email", label: "E-mail", type: "email" },
  { name: "busStop", label: "Bus stop code (blank: no bus)" },
  { name: "concessions", label: "Concession codes (comma separated)" },
  { name: "joinedSession", label: "Joined in session (e.g. 2026-27)" },
  { name: "joinedMonth", label: "First month billed, if joined after April (e.g. 2026-09)" },
];

/** The student's details as the form has them (labels without the form's hints), for someone who may not edit them. */
export function StudentFacts({ values }: { values: StudentValues }) {
  const fields = [...FIELDS.slice(0, 3), { name: "className" as const, label: "Class" }, ...FIELDS.slice(3)];
  return (
    <dl className="max-w-2xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 text-sm">
      {fields.map((f) => (
        <div key={f.name} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-slate-700">{f.label.replace(/ \(.*\)$/, "")}</dt>
          <dd className="font-semibold break-words">{values[f.name] || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StudentForm({ values, busy }: { values: StudentValues; busy: boolean }) {
  return (
    <Form method="post" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      {FIELDS.slice(0, 3).map((f) => (
        <label key={f.name}><span className="font-semibold">{f.label}</span><input name={f.name} type={f.type ?? "text"} defaultValue={values[f.name]} className={input} /></label>
      ))}
      <label>
        <span className="font-semibold">Class</span>
        <select name="className" defaultValue={values.className} className={input}>{SCHOOL_CLASSES.map((c) => <option key={c}>{c}</option>)}</select>
      </label>
      {FIELDS.slice(3).map((f) => (
        <label key={f.name}><span className="font-semibold">{f.label}</span><input name={f.name} type={f.type ?? "text"} defaultValue={values[f.name]} className={input} /></label>
      ))}
      <div className="flex items-end"><button type="submit" disabled={busy} className={primary}>Save student</button></div>
    </Form>
  );
}

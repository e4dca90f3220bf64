/**
 * The application form (SPEC §2 /apply). A plain multipart form posted to /apply, so
 * it works without JavaScript (the server answers with the messages and every typed value);
 * with JavaScript the same zod schema checks each field as it is left, the eligibility for the
 * chosen class shows at once beside the date of birth, and a draft of what was typed is kept in
 * this browser (localStorage) until the form is sent. Errors stand beside their fields and in a
 * summary at the top whose links move to each field.
 */
import { useEffect, useRef, type ChangeEvent, type ReactNode } from "react";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { school } from "#content/school";
import { IMAGE_BOUNDS_HINT } from "~/lib/images";
import { MOBILE_INPUT } from "~/lib/phone";
import { formatRupees } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { eligibility, eligibilityMessage, formatCutOff } from "../age";
import { fitDocument } from "../fit-document";
import { BLOOD_GROUPS, CATEGORIES, GENDERS, TEXT_FIELDS, applicationSchema, needsPreviousSchool } from "../schema";
import { Button } from "~/components/button";
import { Field as KitField, inputClass } from "~/components/field";

export const DRAFT_KEY = "kva-application-draft";
/** The summary lists problems in the form's order (the form's own errors first). */
const FIELD_ORDER: readonly string[] = [
  "", "childName", "classApplied", "dateOfBirth", "gender", "category", "nationality", "motherTongue", "bloodGroup", "aadhaar", "siblingAdmissionNumber", "previousSchool", "lastClassPassed",
  "fatherName", "fatherOccupation", "fatherMobile", "fatherEmail", "motherName", "motherOccupation", "motherMobile", "motherEmail", "guardianName", "guardianRelation", "mobile", "email",
  "address", "city", "state", "pinCode", "photo", "birthCertificate", "consent",
];
const order = (name: string) => (FIELD_ORDER.includes(name) ? FIELD_ORDER.indexOf(name) : FIELD_ORDER.length);
const CHECKBOXES = ["hasSibling", "birthCertificateLater", "consent"] as const;

type Props = {
  sessionName: string;
  openClasses: string[];
  cutOff: string;
  feePaise: number;
  paymentAvailable: boolean;
  lastResult: SubmissionResult<string[]> | null;
};

const control = inputClass("form");
// Fields shown only while they apply, by CSS :has (the same with and without JavaScript): the
// sibling's number while the sibling box is ticked; the previous school while a class that
// needs one (schema.ts needsPreviousSchool, marked on its <option>) is chosen.
const SIBLING_ONLY = "hidden [form:has(#application-hasSibling:checked)_&]:block";
const PREVIOUS_SCHOOL_ONLY = "hidden gap-4 sm:grid-cols-2 [form:has(option[data-needs-previous-school]:checked)_&]:grid";
const optional = <span className="font-normal text-slate-600">(optional)</span>;

/** Field labels, also used by the error summary. */
const LABELS: Record<string, string> = {
  childName: "Child's full name",
  dateOfBirth: "Date of birth",
  gender: "Gender",
  classApplied: "Class applying for",
  nationality: "Nationality",
  motherTongue: "Mother tongue",
  bloodGroup: "Blood group",
  aadhaar: "Aadhaar number",
  category: "Category",
  siblingAdmissionNumber: "Sibling's admission number",
  fatherName: "Father's name",
  fatherOccupation: "Father's occupation",
  fatherMobile: "Father's mobile",
  fatherEmail: "Father's e-mail",
  motherName: "Mother's name",
  motherOccupation: "Mother's occupation",
  motherMobile: "Mother's mobile",
  motherEmail: "Mother's e-mail",
  guardianName: "Guardian's name",
  guardianRelation: "Guardian's relation to the child",
  mobile: "Mobile number for updates",
  email: "E-mail for updates",
  address: "Address",
  city: "Town or city",
  state: "State",
  pinCode: "PIN code",
  previousSchool: "Previous school",
  lastClassPassed: "Last class passed",
  photo: "Child's photograph",
  birthCertificate: "Birth certificate",
  consent: "Consent",
};

/** A labelled control with its hint, an optional note and its first error (unless `hideError` says the note already shows it). */
function Field({ meta, label, hint, children, note, hideError }: { meta: FieldMetadata<unknown>; label: ReactNode; hint?: string; children: ReactNode; note?: ReactNode; hideError?: boolean }) {
  return (
    <KitField id={meta.id} label={label} hint={hint} hintId={meta.descriptionId} error={hideError ? undefined : meta.errors?.[0]} errorId={meta.errorId} note={note}>
      {children}
    </KitField>
  );
}

function readDraft(): Record<string, string> | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== "object") return null;
    return Object.fromEntries(Object.entries(parsed).filter(([k, v]) => typeof v === "string" && ((TEXT_FIELDS as readonly string[]).includes(k) || (CHECKBOXES as readonly string[]).includes(k))));
  } catch {
    return null;
  }
}

/**
 * Sets a control of `form` as a person would (value or tick, then input and change events), so
 * the form library sees the change and validates as usual. Unknown names are ignored.
 */
function setControl(form: HTMLFormElement, name: string, value: string) {
  const control = form.elements.namedItem(name);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) || control.type === "file") return;
  if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = value === control.value;
  else control.value = value;
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Forgets the draft (once the application is stored). Never throws. */
export function clearApplicationDraft() {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage may be disabled; nothing to forget then.
  }
}

/** The form's HTML constraints (required, patterns) by schema: worked out once per schema, not per render. */
const constraints = new WeakMap<object, ReturnType<typeof getZodConstraint>>();
function constraintOf(schema: ReturnType<typeof applicationSchema>) {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

export function ApplyForm({ sessionName, openClasses, cutOff, feePaise, paymentAvailable, lastResult }: Props) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting";
  const schema = applicationSchema({ openClasses, cutOff });
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const [form, fields] = useForm({
    id: "application",
    lastResult,
    defaultValue: { nationality: "Indian", state: "West Bengal" },
    constraint: constraintOf(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // Called only for a form that passed the checks: it is on its way, so the draft goes.
    onSubmit: () => clearApplicationDraft(),
  });

  // Restore the draft once, unless the server just answered with the values of a post.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || lastResult) return;
    restored.current = true;
    const el = formRef.current;
    const draft = readDraft();
    if (el && draft) for (const [name, value] of Object.entries(draft)) setControl(el, name, value);
  }, [lastResult]);

  // Keep the draft as the parent types (text fields and ticks; files cannot be kept).
  useEffect(() => {
    const el = formRef.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const data = new FormData(el);
        const draft: Record<string, string> = {};
        for (const name of [...TEXT_FIELDS, ...CHECKBOXES]) {
          const v = data.get(name);
          if (typeof v === "string" && v !== "") draft[name] = v;
        }
        try {
          window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
        } catch {
          // Storage full or disabled: the form still works.
        }
      }, 300);
    };
    el.addEventListener("input", save);
    el.addEventListener("change", save);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("input", save);
      el.removeEventListener("change", save);
    };
  }, []);

  useEffect(() => {
    if (lastResult?.status === "error") summaryRef.current?.focus();
  }, [lastResult]);

  // A phone photo above 2 MB is made smaller here; what still does not fit is said at once, not after Send.
  const fitFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file) {
      const fitted = await fitDocument(file);
      if (fitted !== file) {
        const files = new DataTransfer();
        files.items.add(fitted);
        input.files = files.files;
      }
    }
    form.validate({ name: input.name });
  };

  const dob = typeof fields.dateOfBirth.value === "string" ? fields.dateOfBirth.value : "";
  const chosen = typeof fields.classApplied.value === "string" ? fields.classApplied.value : "";
  const result = dob && chosen ? eligibility(dob, chosen, cutOff) : { kind: "no_rule" as const };
  const message = eligibilityMessage(result, chosen, cutOff);
  const dobError = fields.dateOfBirth.errors?.[0];
  // The summary appears after a send (in the browser or from the server), not while typing,
  // so nothing above the field being filled in moves.
  const errors = form.status === "error" ? Object.entries(form.allErrors).filter(([, list]) => list.length > 0).sort(([a], [b]) => order(a) - order(b)) : [];

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} ref={formRef} className="space-y-8" data-hydrated-form={hydrated ? "yes" : "no"} data-draft-key={DRAFT_KEY}>
      <div ref={summaryRef} tabIndex={-1} role={errors.length > 0 ? "alert" : undefined} className="outline-none">
        {errors.length > 0 && (
          <div className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900" data-testid="error-summary">
            <h2 className="text-lg font-bold">Please correct {errors.length === 1 ? "1 thing" : `${errors.length} things`} before sending</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errors.map(([name, list]) => (
                <li key={name}>
                  {name !== "" && LABELS[name] ? <a className="font-semibold underline" href={`#${fields[name as keyof typeof fields].id}`}>{LABELS[name] ?? name}: {list[0]}</a> : list[0]}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-brand-800">1. The child</legend>
        <Field meta={fields.childName} label={LABELS.childName}>
          <input {...getInputProps(fields.childName, { type: "text" })} autoComplete="off" className={control} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.classApplied} label={LABELS.classApplied}>
            <select {...getSelectProps(fields.classApplied)} className={control}>
              <option value="">Select a class</option>
              {openClasses.map((c) => <option key={c} value={c} data-needs-previous-school={needsPreviousSchool(c) ? "" : undefined}>{c}</option>)}
            </select>
          </Field>
          <Field
            meta={fields.dateOfBirth}
            label={LABELS.dateOfBirth}
            hint={`Age is counted on ${formatCutOff(cutOff)}.`}
            // The age rule's error is the eligibility note itself: shown once, in the same place.
            hideError={dobError !== undefined && dobError === message}
            note={
              <div aria-live="polite" data-testid="eligibility">
                {message && (
                  <p className={`mt-1 text-sm font-medium ${result.kind === "too_young" ? "text-red-800" : "text-emerald-800"}`}>{message}</p>
                )}
                {result.kind === "too_young" && result.fits && openClasses.includes(result.fits) && (
                  <button
                    type="button"
                    className="mt-2 rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                    onClick={() => formRef.current && setControl(formRef.current, fields.classApplied.name, result.fits!)}
                  >
                    Apply for {result.fits} instead
                  </button>
                )}
              </div>
            }
          >
            <input {...getInputProps(fields.dateOfBirth, { type: "date" })} className={control} aria-describedby={`${fields.dateOfBirth.descriptionId} ${fields.dateOfBirth.errorId}`} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.gender} label={LABELS.gender}>
            <select {...getSelectProps(fields.gender)} className={control}>
              <option value="">Select</option>
              {GENDERS.map((g) => <option key={g}>{g}</option>)}
            </select>
          </Field>
          <Field meta={fields.category} label={LABELS.category}>
            <select {...getSelectProps(fields.category)} className={control}>
              <option value="">Select</option>
              {CATEGORIES.map((g) => <option key={g}>{g}</option>)}
            </select>
          </Field>
          <Field meta={fields.nationality} label={LABELS.nationality}>
            <input {...getInputProps(fields.nationality, { type: "text" })} className={control} />
          </Field>
          <Field meta={fields.motherTongue} label={LABELS.motherTongue}>
            <input {...getInputProps(fields.motherTongue, { type: "text" })} className={control} />
          </Field>
          <Field meta={fields.bloodGroup} label={<>{LABELS.bloodGroup} {optional}</>}>
            <select {...getSelectProps(fields.bloodGroup)} className={control}>
              <option value="">Not known</option>
              {BLOOD_GROUPS.map((g) => <option key={g}>{g}</option>)}
            </select>
          </Field>
          <Field meta={fields.aadhaar} label={<>{LABELS.aadhaar} {optional}</>} hint="Never required for admission.">
            <input {...getInputProps(fields.aadhaar, { type: "text" })} inputMode="numeric" autoComplete="off" className={control} />
          </Field>
        </div>
        <div>
          <label className="flex items-start gap-3 text-base text-slate-800">
            <input {...getInputProps(fields.hasSibling, { type: "checkbox", value: "yes" })} className="mt-1 h-5 w-5" />
            <span>A brother or sister of the child studies at {school.name}</span>
          </label>
        </div>
        {/* Shown by CSS while they apply (the sibling ticked; a class that needs a previous
            school chosen), with or without JavaScript: React changes nothing here when it
            arrives, so what the parent typed before stays (the page hydrates on interaction). */}
        <div className={SIBLING_ONLY}>
          <Field meta={fields.siblingAdmissionNumber} label={LABELS.siblingAdmissionNumber}>
            <input {...getInputProps(fields.siblingAdmissionNumber, { type: "text" })} className={control} />
          </Field>
        </div>
        <div className={PREVIOUS_SCHOOL_ONLY}>
          <Field meta={fields.previousSchool} label={LABELS.previousSchool}>
            <input {...getInputProps(fields.previousSchool, { type: "text" })} className={control} />
          </Field>
          <Field meta={fields.lastClassPassed} label={LABELS.lastClassPassed}>
            <input {...getInputProps(fields.lastClassPassed, { type: "text" })} className={control} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-brand-800">2. Parents or guardian</legend>
        <p className="text-sm text-slate-700">Give at least one parent's or the guardian's name.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["father", "mother"] as const).map((who) => (
            <div key={who} className="space-y-4">
              <Field meta={fields[`${who}Name`]} label={<>{LABELS[`${who}Name`]} {optional}</>}>
                <input {...getInputProps(fields[`${who}Name`], { type: "text" })} className={control} />
              </Field>
              <Field meta={fields[`${who}Occupation`]} label={<>{LABELS[`${who}Occupation`]} {optional}</>}>
                <input {...getInputProps(fields[`${who}Occupation`], { type: "text" })} className={control} />
              </Field>
              <Field meta={fields[`${who}Mobile`]} label={<>{LABELS[`${who}Mobile`]} {optional}</>}>
                <input {...getInputProps(fields[`${who}Mobile`], { type: "tel" })} inputMode="tel" className={control} />
              </Field>
              <Field meta={fields[`${who}Email`]} label={<>{LABELS[`${who}Email`]} {optional}</>}>
                <input {...getInputProps(fields[`${who}Email`], { type: "email" })} className={control} />
              </Field>
            </div>
          ))}
          <Field meta={fields.guardianName} label={<>{LABELS.guardianName} {optional}</>}>
            <input {...getInputProps(fields.guardianName, { type: "text" })} className={control} />
          </Field>
          <Field meta={fields.guardianRelation} label={<>{LABELS.guardianRelation} {optional}</>}>
            <input {...getInputProps(fields.guardianRelation, { type: "text" })} className={control} />
          </Field>
          <Field meta={fields.mobile} label={LABELS.mobile} hint="We send updates about the application and fees here by SMS; with the application number it opens the status page.">
            <input {...getInputProps(fields.mobile, { type: "tel" })} {...MOBILE_INPUT} className={control} aria-describedby={`${fields.mobile.descriptionId} ${fields.mobile.errorId}`} />
          </Field>
          <Field meta={fields.email} label={<>{LABELS.email} {optional}</>}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={control} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-brand-800">3. Address</legend>
        <Field meta={fields.address} label={LABELS.address} hint="House, street and locality.">
          <textarea {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" className={control} aria-describedby={`${fields.address.descriptionId} ${fields.address.errorId}`} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field meta={fields.city} label={LABELS.city}>
            <input {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" className={control} />
          </Field>
          <Field meta={fields.state} label={LABELS.state}>
            <input {...getInputProps(fields.state, { type: "text" })} autoComplete="address-level1" className={control} />
          </Field>
          <Field meta={fields.pinCode} label={LABELS.pinCode}>
            <input {...getInputProps(fields.pinCode, { type: "text" })} inputMode="numeric" autoComplete="postal-code" className={control} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-brand-800">4. Documents</legend>
        <p className="text-sm text-slate-700">
          JPEG, PNG or PDF, up to 2 MB each: a larger photo is made smaller on this page as you choose it (a PDF must already fit); {IMAGE_BOUNDS_HINT}.{" "}
          {/* With JavaScript the form is sent without leaving the page, so chosen files stay chosen. */}
          {lastResult?.status === "error" ? <strong>{hydrated ? "The files you chose are still attached: replace any marked below." : "If you had chosen files, choose them again."}</strong> : null}
        </p>
        <Field meta={fields.photo} label={LABELS.photo} hint="A recent passport-size photograph.">
          <input {...getInputProps(fields.photo, { type: "file" })} accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf" onChange={fitFile} className={control} aria-describedby={`${fields.photo.descriptionId} ${fields.photo.errorId}`} />
        </Field>
        <Field meta={fields.birthCertificate} label={LABELS.birthCertificate}>
          <input {...getInputProps(fields.birthCertificate, { type: "file" })} accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf" onChange={fitFile} className={control} />
        </Field>
        <label className="flex items-start gap-3 text-base text-slate-800">
          <input {...getInputProps(fields.birthCertificateLater, { type: "checkbox", value: "yes" })} className="mt-1 h-5 w-5" />
          <span>The birth certificate is to be submitted later. No child is refused admission for the lack of a proof of age (Right to Education Act, section 14).</span>
        </label>
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
        <legend className="px-1 text-xl font-bold text-brand-800">5. Your consent</legend>
        <div className="space-y-2 text-sm text-slate-800" id="privacy-notice">
          <p>
            <strong>What we keep and why.</strong> {school.name} keeps the details on this form, the photograph and the birth certificate to decide on the
            admission, to contact you about it and, if the child is admitted, to open the child's school record. Only the school's admissions staff see them.
            Aadhaar is optional and never required. We keep the application of a child who is not admitted for one year after the session begins, then delete it.
          </p>
          <p>
            <strong>Messages.</strong> We send messages about this application (received, each change of its status) and, once your child is admitted, about fees
            (receipts and fee reminders) by e-mail and SMS to the mobile number and e-mail address above. Each fee reminder has a link to stop fee reminders;
            receipts and replies to your requests are always sent.
          </p>
          <p>
            You may ask to see, correct or delete these details by writing to {school.emails[1] ?? school.emails[0]}. India's Digital Personal Data Protection
            Act 2023 (section 9) requires a parent's or lawful guardian's consent before a child's data is processed.
          </p>
        </div>
        <Field meta={fields.consent} label={<span className="sr-only">{LABELS.consent}</span>}>
          <label className="flex items-start gap-3 text-base text-slate-800">
            <input {...getInputProps(fields.consent, { type: "checkbox", value: "yes" })} className="mt-1 h-5 w-5" aria-describedby={`privacy-notice ${fields.consent.errorId}`} />
            <span>I am the child's parent or lawful guardian, and I consent to {school.name} processing these details and sending messages about the application and fees by e-mail and SMS, as described above.</span>
          </label>
        </Field>
      </fieldset>

      <div className="rounded-2xl bg-slate-50 p-4 sm:p-6">
        <p className="text-base text-slate-800">
          Application fee for session {sessionName}: <strong data-testid="application-fee">{formatRupees(feePaise)}</strong>. After you send the form you pay it online; the
          application is reviewed once it is paid.
        </p>
        {!paymentAvailable && <p className="mt-2 text-sm text-amber-900">Online payment is not available right now: your application is still saved, and you can pay later from its link.</p>}
        <Button disabled={submitting} size="form" disabledLook="pale-ink" className="mt-4 w-full text-lg sm:w-auto">
          {submitting ? "Sending..." : "Send application and pay"}
        </Button>
      </div>
    </Form>
  );
}

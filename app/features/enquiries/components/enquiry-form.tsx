/**
 * The enquiry form (SPEC §2, §5): name, mobile number, class and optional e-mail, validated in
 * the browser and again on the server with one schema. It posts to /enquire, so it also works
 * without JavaScript. States: idle, submitting, success (fields reset) or error (input kept).
 */
import { useEffect, useId, useRef } from "react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { SCHOOL_CLASSES } from "#content/school";
import {
  ENQUIRY_ERROR,
  ENQUIRY_SUCCESS,
  HONEYPOT_FIELD,
  SOURCE_FIELD,
  enquirySchema,
  type EnquiryActionData,
} from "../schema";
import { isValidMobile, MOBILE_INPUT } from "~/lib/phone";

type Props = {
  /** Path of the page the parent is on, stored with the enquiry. */
  sourcePage: string;
  /** The action's answer when the page itself was the post's target (no JavaScript). */
  initialResult?: EnquiryActionData;
  /** Called once per successful submission. */
  onSuccess?: () => void;
};

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";
const labelClass = "block text-sm font-semibold text-slate-800";
const errorClass = "mt-1 text-sm font-medium text-red-800";

export function EnquiryForm({ sourcePage, initialResult, onSuccess }: Props) {
  const fetcher = useFetcher<EnquiryActionData>({ key: "enquiry" });
  const hydrated = useHydrated();
  const data = fetcher.data ?? initialResult;
  const submitting = fetcher.state !== "idle";
  const id = useId();

  const [form, fields] = useForm({
    id: `enquiry-${id}`,
    lastResult: submitting ? undefined : data?.result,
    // The "Select a class" prompt is the class list's default, also after a reset.
    defaultValue: { class: "" },
    constraint: getZodConstraint(enquirySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enquirySchema }),
  });

  // Tell the dialog once per successful answer.
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.data?.state === "success" && reported.current !== fetcher.data) {
      reported.current = fetcher.data;
      onSuccess?.();
    }
  }, [fetcher.data, onSuccess]);

  const phoneValue = typeof fields.phone.value === "string" ? fields.phone.value : "";
  // Disabled only once scripts run: without JavaScript the server validates.
  const disabled = submitting || (hydrated && !isValidMobile(phoneValue));
  const state = submitting ? "submitting" : (data?.state ?? "idle");

  return (
    <fetcher.Form method="post" action="/enquire" {...getFormProps(form)} className="space-y-4" data-state={state}>
      <input type="hidden" name={SOURCE_FIELD} value={sourcePage} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <div>
        <label htmlFor={fields.name.id} className={labelClass}>Parent's name</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          className={inputClass}
        />
        {fields.name.errors && <p id={fields.name.errorId} className={errorClass}>{fields.name.errors[0]}</p>}
      </div>

      <div>
        <label htmlFor={fields.phone.id} className={labelClass}>Mobile number</label>
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          {...MOBILE_INPUT}
          placeholder="10-digit mobile number"
          className={inputClass}
        />
        {fields.phone.errors && <p id={fields.phone.errorId} className={errorClass}>{fields.phone.errors[0]}</p>}
      </div>

      <div>
        <label htmlFor={fields.class.id} className={labelClass}>Class seeking admission to</label>
        <select {...getSelectProps(fields.class)} className={inputClass}>
          <option value="">Select a class</option>
          {SCHOOL_CLASSES.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
        {fields.class.errors && <p id={fields.class.errorId} className={errorClass}>{fields.class.errors[0]}</p>}
      </div>

      <div>
        <label htmlFor={fields.email.id} className={labelClass}>
          Email <span className="font-normal text-slate-700">(optional)</span>
        </label>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        {fields.email.errors && <p id={fields.email.errorId} className={errorClass}>{fields.email.errors[0]}</p>}
      </div>

      <div aria-live="polite" role="status">
        {state === "success" && (
          <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
            <p className="font-bold">{ENQUIRY_SUCCESS.title}</p>
            <p>{ENQUIRY_SUCCESS.text}</p>
          </div>
        )}
        {state === "error" && (
          <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-bold">{ENQUIRY_ERROR.title}</p>
            <p>{ENQUIRY_ERROR.text}</p>
          </div>
        )}
      </div>

      <button
        type="submit"
        disabled={disabled}
        className="w-full rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900"
      >
        {submitting ? "Sending..." : "Send enquiry"}
      </button>
    </fetcher.Form>
  );
}

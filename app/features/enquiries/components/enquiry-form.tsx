/**
 * The enquiry form (SPEC §2, §5): name, mobile number, class and optional e-mail, validated in
 * the browser and again on the server with one schema. Without JavaScript it posts to /enquire;
 * with it, to ENQUIRY_API (the same action answering JSON), so the form needs no router and
 * works as an island in the chrome's dialog on pages that do not hydrate. States: idle,
 * submitting, success (fields reset) or error (input kept).
 */
import { useCallback, useId, useState } from "react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useHydrated } from "~/lib/use-hydrated";
import { SCHOOL_CLASSES } from "#content/school";
import {
  ENQUIRY_API,
  ENQUIRY_ERROR,
  ENQUIRY_SUCCESS,
  HONEYPOT_FIELD,
  SOURCE_FIELD,
  enquirySchema,
  type EnquiryActionData,
} from "../schema";
import { isValidMobile, MOBILE_INPUT } from "~/lib/phone";
import { Button } from "~/components/button";
import { Field, inputClass } from "~/components/field";

type Props = {
  /** Path of the page the parent is on, stored with the enquiry. */
  sourcePage: string;
  /** The action's answer when the page itself was the post's target (no JavaScript). */
  initialResult?: EnquiryActionData;
  /** Called once per successful submission. */
  onSuccess?: () => void;
};

const control = inputClass("form");

/** The answer to a post when the server could not be reached or answered something else. */
const UNREACHABLE: EnquiryActionData = { state: "error", result: { status: "error" } };

/**
 * Posts a valid form's data to ENQUIRY_API (url-encoded) and keeps the answer: `data` is the
 * latest answer (UNREACHABLE when the network or the server failed), `submitting` is true
 * while a post is on its way; `onSuccess` runs once per successful answer.
 */
function useEnquiryPost(onSuccess?: () => void) {
  const [data, setData] = useState<EnquiryActionData>();
  const [submitting, setSubmitting] = useState(false);
  const submit = useCallback(
    async (formData: FormData) => {
      setSubmitting(true);
      let answer = UNREACHABLE;
      try {
        const response = await fetch(ENQUIRY_API, { method: "POST", body: new URLSearchParams([...formData].map(([name, value]) => [name, String(value)])) });
        if (response.headers.get("content-type")?.startsWith("application/json")) answer = (await response.json()) as EnquiryActionData;
      } catch {
        // UNREACHABLE: the parent's input is kept and they may send again.
      }
      setData(answer);
      setSubmitting(false);
      if (answer.state === "success") onSuccess?.();
    },
    [onSuccess],
  );
  return { data, submitting, submit };
}

export function EnquiryForm({ sourcePage, initialResult, onSuccess }: Props) {
  const post = useEnquiryPost(onSuccess);
  const hydrated = useHydrated();
  const data = post.data ?? initialResult;
  const submitting = post.submitting;
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
    // Called only for a valid form: post it here instead of loading /enquire.
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      void post.submit(formData);
    },
  });


  const phoneValue = typeof fields.phone.value === "string" ? fields.phone.value : "";
  // Disabled only once scripts run: without JavaScript the server validates.
  const disabled = submitting || (hydrated && !isValidMobile(phoneValue));
  const state = submitting ? "submitting" : (data?.state ?? "idle");

  return (
    <form method="post" action="/enquire" {...getFormProps(form)} className="space-y-4" data-state={state}>
      <input type="hidden" name={SOURCE_FIELD} value={sourcePage} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <Field id={fields.name.id} label="Parent's name" error={fields.name.errors?.[0]} errorId={fields.name.errorId}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          autoComplete="name"
          className={control}
        />
      </Field>

      <Field id={fields.phone.id} label="Mobile number" error={fields.phone.errors?.[0]} errorId={fields.phone.errorId}>
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          {...MOBILE_INPUT}
          placeholder="10-digit mobile number"
          className={control}
        />
      </Field>

      <Field id={fields.class.id} label="Class seeking admission to" error={fields.class.errors?.[0]} errorId={fields.class.errorId}>
        <select {...getSelectProps(fields.class)} className={control}>
          <option value="">Select a class</option>
          {SCHOOL_CLASSES.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
      </Field>

      <Field
        id={fields.email.id}
        label={<>Email <span className="font-normal text-slate-700">(optional)</span></>}
        error={fields.email.errors?.[0]}
        errorId={fields.email.errorId}
      >
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={control} />
      </Field>

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

      <Button disabled={disabled} size="form" disabledLook="pale-ink" className="w-full disabled:cursor-not-allowed">
        {submitting ? "Sending..." : "Send enquiry"}
      </Button>
    </form>
  );
}

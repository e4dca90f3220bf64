/**
 * /admin/messages/templates: the fee reminder schedule, then every kind of message with its
 * audience and channels, a switch, a preview with the kind's sample data (the e-mail's HTML in a
 * sandboxed iframe and its plain-text part), the SMS and its text to register with TRAI DLT, and
 * the DLT template id the SMS provider knows it by. Plain forms: they work without JavaScript.
 * The forms show only for someone who may change the settings (`canSet`); others read the same
 * settings, and who may change them (`need`).
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/button";
import { Field, fieldAria, TextArea, TextInput } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { ReadOnlyNote } from "~/components/read-only-note";
import { StatusBadge } from "~/components/status-badge";
import type { MessageAudience } from "~/db/message-values";
import type { MessageKind } from "../templates";
import type { ScheduleValues } from "../settings-form";

export type KindView = {
  kind: MessageKind;
  label: string;
  audience: MessageAudience;
  optional: boolean;
  on: boolean;
  email: { subject: string; text: string; htmlHref: string } | null;
  sms: { text: string; dlt: string; templateId: string } | null;
};

/** What the last post answered: a saved change, or a refused form with what was typed. */
export type TemplatesNotice =
  | { ok: true; message: string }
  | { ok: false; form: "schedule"; values: ScheduleValues; errors: Partial<Record<keyof ScheduleValues, string>> }
  | { ok: false; form: "template-id"; kind: MessageKind; value: string; error: string }
  | { ok: false; form: "other"; error: string };

/** Which forms the reader may use, and who may change what they may not. */
type Allowed = { canSet: boolean; need: string };

type Props = { kinds: KindView[]; schedule: ScheduleValues; channels: string; notice: TemplatesNotice | undefined; busy: boolean } & Allowed;

function Schedule({ saved, notice, busy, canSet }: { saved: ScheduleValues; notice: TemplatesNotice | undefined; busy: boolean; canSet: boolean }) {
  const refused = notice && !notice.ok && notice.form === "schedule" ? notice : null;
  const values = refused?.values ?? saved;
  const field = (name: keyof ScheduleValues, label: string, hint: string, extra: Record<string, string | number> = {}) => {
    const error = refused?.errors[name];
    return (
      <Field id={`schedule-${name}`} label={label} hint={hint} hintId={`schedule-${name}-hint`} error={error} errorId={`schedule-${name}-error`}>
        <TextInput id={`schedule-${name}`} name={name} look="dense" defaultValue={values[name]} key={`${name}:${values[name]}`} {...extra} {...fieldAria({ error, errorId: `schedule-${name}-error`, hintId: `schedule-${name}-hint` })} />
      </Field>
    );
  };
  return (
    <section aria-labelledby="schedule-heading" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="schedule-heading" className="text-xl font-bold text-brand-800">Fee reminder schedule</h2>
      <p className="mt-1 text-sm text-slate-700">One reminder a family a day at most, listing every child's dues; months already paid or being paid are left out.</p>
      {canSet ? (
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="schedule" />
          {field("daysBefore", "Days before the due day", "For example 7, 2 (1 to 15).", { inputMode: "numeric" })}
          {field("daysOverdue", "Days overdue", "For example 1, 8, 15 (1 to 90): firmer, naming the late fee.", { inputMode: "numeric" })}
          {field("hour", "Hour of the day (IST)", "7 to 20: 9 sends at 9 AM, 16 at 4 PM.", { inputMode: "numeric" })}
          <div className="sm:col-span-3">
            <Button size="sm" disabled={busy}>Save schedule</Button>
          </div>
        </Form>
      ) : (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="schedule-values">
          <dt className="text-slate-700">Days before the due day</dt>
          <dd className="font-semibold">{saved.daysBefore || "none"}</dd>
          <dt className="text-slate-700">Days overdue</dt>
          <dd className="font-semibold">{saved.daysOverdue || "none"}</dd>
          <dt className="text-slate-700">Hour of the day (IST)</dt>
          <dd className="font-semibold">{saved.hour}</dd>
        </dl>
      )}
      <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-700">
        To remind every family with fees overdue at once, whatever the days and hour above, use <Link to="/admin/messages#send-reminders" className="font-semibold text-brand-700 underline">Send fee reminders now</Link> on Messages.
      </p>
    </section>
  );
}

function KindCard({ k, notice, busy, canSet }: { k: KindView; notice: TemplatesNotice | undefined; busy: boolean; canSet: boolean }) {
  const heading = `kind-${k.kind}`;
  const refused = notice && !notice.ok && notice.form === "template-id" && notice.kind === k.kind ? notice : null;
  const idValue = refused?.value ?? k.sms?.templateId ?? "";
  const onBadge = <StatusBadge tone={k.on ? "green" : "red"}>{k.on ? "On" : "Off: kept as skipped"}</StatusBadge>;
  return (
    <article aria-labelledby={heading} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid={`kind-${k.kind}`} id={k.kind}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={heading} className="text-lg font-bold text-brand-800">{k.label}</h2>
          <p className="mt-1 flex flex-wrap gap-2 text-xs">
            <StatusBadge tone="grey">{k.audience === "office" ? "To the office" : k.audience === "staff" ? "To a staff member" : "To the parent"}</StatusBadge>
            {k.email && <StatusBadge tone="grey">E-mail</StatusBadge>}
            {k.sms && <StatusBadge tone="grey">SMS</StatusBadge>}
            {k.optional && <StatusBadge tone="grey">Parents may stop it</StatusBadge>}
          </p>
        </div>
        {canSet ? (
          <Form method="post" className="flex items-center gap-3">
            <input type="hidden" name="intent" value="switch" />
            <input type="hidden" name="kind" value={k.kind} />
            <input type="hidden" name="on" value={k.on ? "0" : "1"} />
            {onBadge}
            <Button size="xs" variant={k.on ? "danger-outline" : "primary"} disabled={busy} aria-describedby={heading}>{k.on ? "Switch off" : "Switch on"}</Button>
          </Form>
        ) : (
          onBadge
        )}
      </div>

      {k.email && (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700">E-mail preview: {k.email.subject}</summary>
          <div className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-2">
            <iframe src={k.email.htmlHref} sandbox="" loading="lazy" title={`HTML preview: ${k.label}`} className="h-[560px] w-full rounded-xl border border-slate-200" />
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-slate-700">Plain-text part</h3>
              <pre className="mt-1 max-h-[530px] overflow-auto rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{k.email.text}</pre>
            </div>
          </div>
        </details>
      )}

      {k.sms && (
        <div className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="text-sm font-semibold text-slate-700">SMS (sample)</h3>
            <p className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm break-words" data-testid="sms-sample">{k.sms.text}</p>
            <Field id={`dlt-${k.kind}`} label="Text to register with DLT" hint="Copy it as it is: each {#var#} is a value filled in per message." hintId={`dlt-${k.kind}-hint`}>
              <TextArea id={`dlt-${k.kind}`} look="dense" readOnly rows={3} defaultValue={k.sms.dlt} className="font-mono" aria-describedby={`dlt-${k.kind}-hint`} />
            </Field>
          </div>
          {canSet ? (
            <Form method="post" className="min-w-0 space-y-2">
              <input type="hidden" name="intent" value="template-id" />
              <input type="hidden" name="kind" value={k.kind} />
              <Field id={`tid-${k.kind}`} label="DLT template id (as the SMS provider knows it)" hint={k.sms.templateId ? "Saved. Empty it and save to remove it." : "None yet: this kind's SMS are held until one is saved."} hintId={`tid-${k.kind}-hint`} error={refused?.error} errorId={`tid-${k.kind}-error`}>
                <TextInput id={`tid-${k.kind}`} name="templateId" look="dense" className="font-mono" defaultValue={idValue} key={idValue} maxLength={100} autoComplete="off" {...fieldAria({ error: refused?.error, errorId: `tid-${k.kind}-error`, hintId: `tid-${k.kind}-hint` })} />
              </Field>
              <Button size="xs" disabled={busy}>Save template id</Button>
            </Form>
          ) : (
            <div className="min-w-0 text-sm">
              <h3 className="font-semibold text-slate-700">DLT template id (as the SMS provider knows it)</h3>
              <p className="mt-1">{k.sms.templateId ? <span className="font-mono break-all">{k.sms.templateId}</span> : "None yet: this kind's SMS are held until one is saved."}</p>
            </div>
          )}
        </div>
      )}
    </article>
  );
}

export function TemplateSettings({ kinds, schedule, channels, notice, busy, canSet, need }: Props) {
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm"><Link to="/admin/messages" className="font-semibold text-brand-700 underline">← All messages</Link></p>
        <PageHeader title="Message templates" />
        <p className="mt-1 text-sm break-words text-slate-700">{channels}</p>
        {!canSet && <ReadOnlyNote need={need} what="this page" className="mt-2" />}
      </div>
      {notice && (notice.ok || notice.form === "other") && (
        <p role={notice.ok ? "status" : "alert"} className={`rounded-xl border p-3 text-sm font-semibold ${notice.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`} data-testid="templates-notice">
          {notice.ok ? notice.message : notice.error}
        </p>
      )}
      {notice && !notice.ok && notice.form !== "other" && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">Not saved: please correct the field marked below.</p>
      )}
      <Schedule saved={schedule} notice={notice} busy={busy} canSet={canSet} />
      {kinds.map((k) => <KindCard key={k.kind} k={k} notice={notice} busy={busy} canSet={canSet} />)}
    </div>
  );
}

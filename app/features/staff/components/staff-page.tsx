/**
 * /admin/staff (the owner's alone): every staff member with their roles, state and last
 * sign-in, each with Change roles, Disable or Enable and Send the invitation again; the notice of
 * the last change (with the invitation link and a copy button when no e-mail will carry it);
 * and the invitation form, each role with what it allows. Plain forms: they work without
 * JavaScript (the copy button needs it; the link can be selected by hand).
 */
import { useFocusOn } from "~/lib/use-focus-on";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/button";
import { DENSE_LABEL_CLASS, Field, fieldAria, TextInput } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { StatusBadge, type BadgeTone } from "~/components/status-badge";
import type { StaffRole } from "~/db/staff-values";
import type { StaffNotice } from "../staff-form.server";
import type { StaffStatus } from "../staff.server";
import type { RoleChoice, StaffRowView } from "../view";

const STATUS: Record<StaffStatus, { label: string; tone: BadgeTone }> = {
  invited: { label: "Invited", tone: "amber" },
  active: { label: "Active", tone: "green" },
  disabled: { label: "Disabled", tone: "grey-strong" },
};

type Props = { staff: StaffRowView[]; roles: RoleChoice[]; notice: StaffNotice | undefined; busy: boolean };

export function StaffPage({ staff, roles, notice, busy }: Props) {
  return (
    <div className="space-y-6">
      <div>
        <PageHeader title="Staff" />
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Everyone who signs in to the admin besides you. You (the owner, ADMIN_EMAIL) hold every permission; each person holds what their roles allow. A change applies from their next click; disabling ends their sign-ins at once.
        </p>
      </div>
      {/* A refused invitation is told beside its form, below. */}
      {notice && !notice.invite && <Notice notice={notice} />}
      <section aria-labelledby="people-heading">
        <h2 id="people-heading" className="text-xl font-bold text-brand-800">People</h2>
        {staff.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No staff yet: invite the first person below.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {staff.map((person) => <Person key={person.userId} person={person} roles={roles} busy={busy} />)}
          </ul>
        )}
      </section>
      <InviteForm roles={roles} refused={notice?.invite && { ...notice.invite, message: notice.message }} done={notice?.ok ? notice : undefined} busy={busy} />
    </div>
  );
}

/** The last change's result (with the invitation link), focused when it appears so it is where the person looks. */
function Notice({ notice }: { notice: StaffNotice }) {
  const ref = useFocusOn<HTMLDivElement>(notice);
  return (
    <div ref={ref} tabIndex={-1} role={notice.ok ? "status" : "alert"} className={`rounded-xl border p-3 text-sm ${notice.ok ? "border-emerald-300 bg-emerald-50 text-emerald-950" : "border-red-300 bg-red-50 text-red-900"}`}>
      <p className="font-semibold">{notice.message}</p>
      {notice.link && <CopyLink url={notice.link.url} />}
    </div>
  );
}

/** The invitation link in a read-only field, and a button that copies it. */
function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard (a page served over plain http): select the text so Ctrl+C copies it.
      const input = document.getElementById("invitation-link") as HTMLInputElement | null;
      input?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
  };
  return (
    <div className="mt-3">
      <label htmlFor="invitation-link" className={DENSE_LABEL_CLASS}>Invitation link</label>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextInput look="dense" id="invitation-link" readOnly value={url} className="font-mono" onFocus={(e) => e.currentTarget.select()} data-testid="invitation-link" />
        <Button type="button" size="sm" onClick={copy} className="justify-self-start">Copy the link</Button>
      </div>
      <p role="status" className="mt-1 text-xs text-emerald-900">{copied ? "Copied." : ""}</p>
    </div>
  );
}

function Person({ person, roles, busy }: { person: StaffRowView; roles: RoleChoice[]; busy: boolean }) {
  const status = STATUS[person.status];
  const labelOf = (r: StaffRole) => roles.find((c) => c.value === r)?.label ?? r;
  const act = (intent: string, label: string, variant: "secondary" | "danger-outline" | "neutral") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={person.userId} />
      <Button variant={variant} size="xs" disabled={busy}>
        {label}<span className="sr-only"> {person.name}</span>
      </Button>
    </Form>
  );
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="staff-member" aria-labelledby={`staff-${person.userId}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`staff-${person.userId}`} className="font-bold text-slate-900">{person.name}</h3>
          <p className="text-sm break-all text-slate-700">{person.email}</p>
        </div>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <p className="mt-2 flex flex-wrap gap-1.5">
        <span className="sr-only">Roles:</span>
        {person.roles.map((r) => <StatusBadge key={r} tone="grey" weight="semibold">{labelOf(r)}</StatusBadge>)}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Invited {person.invited}{person.invitedBy ? ` by ${person.invitedBy}` : ""}
        {person.lastSignIn && <> · last signed in {person.lastSignIn}</>}
        {person.disabled && <> · disabled {person.disabled}</>}
      </p>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        {person.status === "disabled" ? act("enable", "Enable", "secondary") : act("disable", "Disable", "danger-outline")}
        {person.status === "invited" && act("resend", "Send the invitation again", "neutral")}
        {person.status === "active" && (
          <details className="w-full sm:w-auto">
            <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-100">Reset sign-in<span className="sr-only"> of {person.name}</span></summary>
            <div className="mt-2 max-w-md space-y-2 rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
              <p>For someone who lost their password, or their phone and recovery codes: their password and second factor are removed, they are signed out, and a new invitation link lets them choose a new password. Links sent before stop working.</p>
              {act("reset", "Reset and send a new invitation", "danger-outline")}
            </div>
          </details>
        )}
        <details className="w-full sm:w-auto">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-100">Change roles<span className="sr-only"> of {person.name}</span></summary>
          <Form method="post" className="mt-2 space-y-3 rounded-xl border border-slate-200 p-3">
            <input type="hidden" name="intent" value="roles" />
            <input type="hidden" name="userId" value={person.userId} />
            <fieldset>
              <legend className={DENSE_LABEL_CLASS}>Roles of {person.name}</legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {roles.map((role) => (
                  <label key={role.value} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="roles" value={role.value} defaultChecked={person.roles.includes(role.value)} className="h-4 w-4" />
                    {role.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button size="xs" disabled={busy}>Save roles</Button>
          </Form>
        </details>
      </div>
    </li>
  );
}

type Refused = NonNullable<StaffNotice["invite"]> & { message: string };

function InviteForm({ roles, refused, done, busy }: { roles: RoleChoice[]; refused: Refused | undefined; done: StaffNotice | undefined; busy: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  // After an invitation (or any other change) the form starts empty for the next person.
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  // One message under the form; the field it is about points to it (aria-invalid, aria-describedby).
  const aria = (field: "name" | "email") => fieldAria({ error: refused?.field === field ? refused.message : undefined, errorId: "invite-error" });
  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="invite-heading" className="text-xl font-bold text-brand-800">Invite a person</h2>
      <p className="mt-1 text-sm text-slate-700">They get an e-mail with a link to choose their password (it works once, for 7 days), then sign in with their address.</p>
      {/* Remounted when a refusal brings back what was typed. */}
      <Form method="post" className="mt-4 space-y-4" ref={form} key={refused ? "refused" : "new"}>
        <input type="hidden" name="intent" value="invite" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="invite-name" label="Name">
            <TextInput look="dense" id="invite-name" name="name" required maxLength={100} autoComplete="off" defaultValue={refused?.name} {...aria("name")} />
          </Field>
          <Field id="invite-email" label="E-mail address">
            <TextInput look="dense" id="invite-email" name="email" type="email" required maxLength={254} autoComplete="off" defaultValue={refused?.email} {...aria("email")} />
          </Field>
        </div>
        <fieldset aria-describedby={refused?.field === "roles" ? "invite-error" : undefined}>
          <legend className={DENSE_LABEL_CLASS}>Roles (one or more)</legend>
          <ul className="mt-2 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {roles.map((role) => (
              <li key={role.value} className="rounded-xl border border-slate-200 p-3">
                <label className="flex items-center gap-2 font-semibold">
                  <input type="checkbox" name="roles" value={role.value} defaultChecked={refused?.roles.includes(role.value)} className="h-4 w-4" />
                  {role.label}
                </label>
                <ul className="mt-1 list-disc pl-10 text-sm text-slate-700">
                  {role.permissions.map((p) => <li key={p}>{p}</li>)}
                </ul>
              </li>
            ))}
          </ul>
        </fieldset>
        {refused && <p id="invite-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">{refused.message}</p>}
        <Button size="sm" disabled={busy}>Send the invitation</Button>
      </Form>
    </section>
  );
}

/**
 * /admin/messages/templates: each kind of message with its switch, preview (sample data), SMS
 * text to register with DLT and DLT template id; the fee reminder schedule ("Send fee reminders
 * now" is on /admin/messages).
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/message-templates";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { TemplateSettings, type KindView, type TemplatesNotice } from "~/core/messages/components/template-settings";
import { previewOf } from "~/core/messages/preview";
import { applySettingsForm, scheduleValues } from "~/core/messages/settings-form";
import { messageSettings, saveMessageSettings } from "~/core/messages/settings.server";
import { MESSAGE_KINDS, TEMPLATES } from "~/core/messages/templates";
import { getConfig } from "~/lib/config.server";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";
import { channelsLine } from "~/messages.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "messages.view");
  setNoStore(headers);
  const settings = await messageSettings(await getDb());
  const config = getConfig();
  const kinds: KindView[] = MESSAGE_KINDS.map((kind) => {
    const template = TEMPLATES[kind];
    const preview = previewOf(kind, config.publicSiteUrl)!;
    return {
      kind,
      label: template.label,
      audience: template.audience,
      optional: template.optional,
      on: !settings.off.includes(kind),
      email: preview.email && { subject: preview.email.subject, text: preview.email.text, htmlHref: `/admin/messages/templates/${kind}/html` },
      sms: preview.sms && { text: preview.sms.text, dlt: preview.sms.dlt, templateId: settings.smsTemplateIds[kind] ?? "" },
    };
  });
  return data({ kinds, schedule: scheduleValues(settings), channels: channelsLine(config), canSet: can(user, "settings.manage") }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "settings.manage");
  setNoStore(headers);
  const form = await readForm(request, "/admin/messages/templates");
  const db = await getDb();
  const result = applySettingsForm(form, await messageSettings(db));
  if (!result.ok) return data<TemplatesNotice>(result, { status: 400, headers });
  await saveMessageSettings(db, result.settings, actorOf(user, context.clientIp));
  return data<TemplatesNotice>({ ok: true, message: result.message }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Message templates | Admin" }];

export default function MessageTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <TemplateSettings {...loaderData} notice={actionData} busy={busy} need={whoMay("settings.manage")} />;
}

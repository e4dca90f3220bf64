/**
 * /admin/applications/{applicationId}: one application, every field, its documents, the fee's
 * payment and receipt, and the workflow (submitted → under review → admitted | waitlisted |
 * rejected) with a note at each step; a decision is confirmed by a second post
 * (app/features/admissions/workflow.server.ts). Admitting calls the roll hook (app/features/admissions/roll.server.ts).
 */
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/application";
import { actorOf } from "~/core/audit/audit.server";
import { applicationPayment } from "~/features/admissions/payment.server";
import { admitWithFees } from "~/admitted.server";
import { getDb } from "~/db/client.server";
import { applicationByPublicId, documentsOf, historyOf } from "~/features/admissions/applications.server";
import { ApplicationDetail } from "~/features/admissions/components/admin-applications";
import { moveSchema } from "~/features/admissions/schema";
import { workflowStep } from "~/features/admissions/workflow.server";
import { cutOffOf } from "~/features/admissions/sessions.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "applications.view");
  setNoStore(headers);
  const db = await getDb();
  const application = await applicationByPublicId(db, params.applicationId);
  if (!application) return data({ found: false as const }, { status: 404, headers });
  const [documents, history, payment, cutOff] = await Promise.all([
    documentsOf(db, application.id),
    historyOf(db, application.id),
    applicationPayment(db, application.publicId),
    cutOffOf(db, application.sessionId),
  ]);
  return data(
    {
      found: true as const,
      application,
      cutOff,
      documents: documents.map(({ kind, originalName, contentType, sizeBytes }) => ({ kind, originalName, contentType, sizeBytes })),
      history,
      payment: payment && {
        reference: payment.order.reference,
        amountPaise: payment.order.amountPaise,
        paidAt: payment.order.paidAt,
        receiptNumber: payment.receiptNumber,
        receiptHref: payment.receiptHref,
        orderHref: `/admin/payments/${payment.order.reference}`,
      },
      canDecide: can(user, "applications.manage"),
    },
    { headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "applications.manage");
  const form = await readForm(request, "/admin/applications/:applicationId");
  const field = (name: string) => form.get(name) ?? undefined;
  const parsed = moveSchema.safeParse({ to: field("to"), note: field("note"), message: field("message"), step: field("step"), from: field("from") });
  if (!parsed.success) return data({ kind: "refused" as const, message: parsed.error.issues[0]!.message }, { status: 400, headers });
  const answer = await workflowStep(await getDb(), params.applicationId, parsed.data, actorOf(user, context.clientIp), admitWithFees);
  if (answer.kind === "moved") throw redirect(`/admin/applications/${params.applicationId}`, { status: 303, headers });
  return data(answer, { status: answer.kind === "refused" ? answer.status : 200, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.found ? data.application.number : "Application"} | Admin` }];

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <>
        <h1 className="text-2xl font-bold text-brand-800">No such application</h1>
        <p className="mt-4"><Link to="/admin/applications" className="font-semibold text-brand-700 underline">All applications</Link></p>
      </>
    );
  }
  const { found: _found, ...facts } = loaderData;
  return <ApplicationDetail {...facts} answer={actionData ?? null} need={whoMay("applications.manage")} />;
}

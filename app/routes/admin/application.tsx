/**
 * /admin/applications/{applicationId}: one application, every field, its documents, the fee's
 * payment and receipt, and the workflow (submitted → under review → admitted | waitlisted |
 * rejected) with a note at each step. Admitting calls the roll hook (app/admission-roll.server.ts).
 */
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/application";
import { onAdmitted } from "~/admission-roll.server";
import { applicationPayment } from "~/admission-payments.server";
import { getDb } from "~/db/client.server";
import { applicationByPublicId, documentsOf, historyOf, moveApplication } from "~/features/admissions/applications.server";
import { ApplicationDetail } from "~/features/admissions/components/admin-applications";
import { moveSchema } from "~/features/admissions/schema";
import { cutOffOf } from "~/features/admissions/sessions.server";
import { requireAdmin } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Cache-Control", "no-store");
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
    },
    { headers },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request, "/admin/applications/:applicationId");
  const { user, headers } = await requireAdmin(request);
  const parsed = moveSchema.safeParse({ to: form.get("to"), note: form.get("note") ?? undefined });
  if (!parsed.success) return data({ message: parsed.error.issues[0]!.message }, { status: 400, headers });
  const result = await moveApplication(await getDb(), { publicId: params.applicationId, to: parsed.data.to, note: parsed.data.note ?? null, by: user.email }, onAdmitted);
  if (!result.ok) return data({ message: result.message }, { status: 409, headers });
  throw redirect(`/admin/applications/${params.applicationId}`, { status: 303, headers });
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
  return <ApplicationDetail {...facts} message={actionData?.message ?? null} />;
}

/**
 * /admin/analytics/jobs: the maintenance jobs of the dashboard (SPEC §3 summary, §4, §8).
 * GET answers both jobs' states as JSON (polled while one runs); POST intent=identify-bots or
 * intent=correct-data starts one (the server's Origin check applies) and answers its state, or,
 * from a plain form without JavaScript, returns to the dashboard. Reading the states needs
 * dashboard.view; starting a job changes the records, so it needs settings.manage.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/analytics-jobs";
import { getDb } from "~/db/client.server";
import { jobIntentSchema } from "~/features/analytics/dashboard/schema";
import { JOB_KINDS } from "~/features/analytics/maintenance/job-kinds";
import { jobStatus, startJob } from "~/features/analytics/maintenance/dashboard-jobs.server";
import { requirePermission } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "dashboard.view");
  setNoStore(headers);
  return Response.json(Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobStatus(kind)])), { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const { headers } = await requirePermission(request, "settings.manage");
  const form = await readForm(request, "/admin/analytics/jobs");
  const parsed = jobIntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) return Response.json({ error: "That request was not understood." }, { status: 400, headers });
  const { status } = startJob(await getDb(), parsed.data.intent);
  const back = form.get("back");
  if (typeof back === "string" && back.startsWith("/admin") && !back.startsWith("//")) throw redirect(back, { headers });
  return Response.json({ status }, { headers });
}

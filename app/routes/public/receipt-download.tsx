/**
 * /receipt-download (SPEC §2): a parent finds a receipt by its number and the
 * student's admission number (or the application number and registered mobile) and gets a
 * short-lived download link. Wrong tries are throttled; one message for any mismatch.
 */
import { data } from "react-router";
import type { Route } from "./+types/receipt-download";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { DownloadForm } from "~/core/receipts/components/download-form";
import { downloadPath, findForParent, NOT_FOUND_MESSAGE, THROTTLED_MESSAGE } from "~/core/receipts/download.server";
import { downloadSchema } from "~/core/receipts/schema";
import { getDb } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { readForm } from "~/lib/request-body.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";

const FIELDS = ["by", "receiptNumber", "admissionNumber", "applicationNumber", "mobile"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, "/receipt-download");
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 60)]));
  const parsed = downloadSchema.safeParse(values);
  if (!parsed.success) return data({ kind: "error" as const, message: parsed.error.issues[0]?.message ?? "Check the form.", values }, { status: 400, headers: NO_STORE_HEADERS });
  const found = await findForParent(await getDb(), parsed.data, context.clientIp || "unknown");
  if (found.kind === "throttled") return data({ kind: "error" as const, message: THROTTLED_MESSAGE, values }, { status: 429, headers: NO_STORE_HEADERS });
  if (found.kind === "not_found") return data({ kind: "error" as const, message: NOT_FOUND_MESSAGE, values }, { headers: NO_STORE_HEADERS });
  const { receipt } = found;
  return data({ kind: "found" as const, number: receipt.number, href: downloadPath(getConfig().receiptSecret, receipt.id), cancelled: receipt.status === "cancelled" }, { headers: NO_STORE_HEADERS });
}

/** Text and a form that posts as a document: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/receipt-download"), siteUrl: siteUrlFrom(matches), noindex: true });

export default function ReceiptDownload({ actionData }: Route.ComponentProps) {
  return <DownloadForm result={actionData ?? null} />;
}

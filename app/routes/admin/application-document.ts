/**
 * GET /admin/applications/{applicationId}/documents/{kind}: an application's photograph or
 * birth certificate, to the administrator only (a visitor is sent to sign in, a non-admin gets
 * 403). Served inline with its sniffed type, never cached, never sniffed again by the browser.
 */
import { data } from "react-router";
import type { Route } from "./+types/application-document";
import { getDb } from "~/db/client.server";
import { DOCUMENT_KINDS, type DocumentKind } from "~/db/admission-values";
import { applicationByPublicId, documentsOf } from "~/features/admissions/applications.server";
import { readDocument } from "~/features/admissions/documents.server";
import { DOCUMENT_TYPES } from "~/features/admissions/documents";
import { requireAdmin } from "~/features/auth/session.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  headers.set("Cache-Control", "private, no-store");
  const missing = () => data("No such document.", { status: 404, headers });
  if (!(DOCUMENT_KINDS as readonly string[]).includes(params.kind)) throw missing();
  const db = await getDb();
  const application = await applicationByPublicId(db, params.applicationId);
  const row = application && (await documentsOf(db, application.id)).find((d) => d.kind === (params.kind as DocumentKind));
  const bytes = row ? await readDocument(row.storedName) : null;
  if (!row || !bytes) throw missing();
  const ext = DOCUMENT_TYPES[row.contentType as keyof typeof DOCUMENT_TYPES] ?? "bin";
  headers.set("Content-Type", row.contentType);
  headers.set("Content-Disposition", `inline; filename="${application!.number.replace(/[^\w-]+/g, "-")}-${row.kind}.${ext}"`);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Robots-Tag", "noindex");
  return new Response(new Uint8Array(bytes), { headers });
}

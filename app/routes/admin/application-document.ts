/**
 * GET /admin/applications/{applicationId}/documents/{kind}: an application's photograph or
 * birth certificate, to those who may read applications (a visitor is sent to sign in, anyone else
 * gets 403). A picture is served as its normalised JPEG copy (documents.server.ts `documentView`),
 * never as the parent's file; a PDF as it was sent. Inline, never cached, never sniffed again by
 * the browser. A picture over the image bounds is not shown (422, with why).
 */
import type { Route } from "./+types/application-document";
import { getDb } from "~/db/client.server";
import { DOCUMENT_KINDS, type DocumentKind } from "~/db/admission-values";
import { applicationByPublicId, documentsOf } from "~/features/admissions/applications.server";
import { documentView } from "~/features/admissions/documents.server";
import { DOCUMENT_TYPES } from "~/features/admissions/documents";
import { requirePermission } from "~/features/auth/session.server";
import { IMAGE_BOUNDS } from "~/lib/images";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "applications.view");
  headers.set("Cache-Control", "private, no-store");
  const plain = (status: number, text: string) => {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(text, { status, headers });
  };
  if (!(DOCUMENT_KINDS as readonly string[]).includes(params.kind)) throw plain(404, "No such document.");
  const db = await getDb();
  const application = await applicationByPublicId(db, params.applicationId);
  const row = application && (await documentsOf(db, application.id)).find((d) => d.kind === (params.kind as DocumentKind));
  const view = row ? await documentView(row) : { kind: "missing" as const };
  if (view.kind === "missing") throw plain(404, "No such document.");
  if (view.kind === "busy") {
    headers.set("Retry-After", "30");
    throw plain(503, "The site is busy with other pictures just now: reload this page in a minute.");
  }
  if (view.kind === "refused") {
    throw plain(
      422,
      view.problem === "unreadable"
        ? "This picture could not be read (the file is damaged). Ask the parent for another copy."
        : `This picture is over the site's bounds (${IMAGE_BOUNDS.maxPixels / 1_000_000} megapixels, ${IMAGE_BOUNDS.maxSide.toLocaleString("en-IN")} pixels a side, or too large to read at once), so the site does not open it. Ask the parent for a smaller copy.`,
    );
  }
  headers.set("Content-Type", view.contentType);
  headers.set("Content-Disposition", `inline; filename="${application!.number.replace(/[^\w-]+/g, "-")}-${row!.kind}.${DOCUMENT_TYPES[view.contentType]}"`);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Robots-Tag", "noindex");
  return new Response(new Uint8Array(view.bytes), { headers });
}

/**
 * What the admin shows of a message kind before anything is sent: its e-mail rendered with the
 * kind's sample data (HTML and text part), its SMS, and the SMS text to register with TRAI DLT;
 * and the rules for serving a message's HTML to the admin. E-mail HTML is a whole document from
 * outside the site's templates, so it is served from its own URL (PREVIEW_PATH) into a sandboxed
 * iframe with PREVIEW_HEADERS: no scripts, styles inline only, framed by the admin's own pages
 * only. Pure.
 */
import { dltText, renderEmail, renderSms, type RenderedEmail } from "./render";
import { TEMPLATES, templateOf, type MessageKind } from "./templates";

/** The admin URLs that serve an e-mail's HTML for an iframe: a message's and a template's sample. */
export const PREVIEW_PATH = /^\/admin\/messages\/(?:templates\/[a-z_]{1,40}|[A-Za-z0-9_-]{1,64})\/html$/;

/**
 * Headers of a served e-mail HTML: the page may not run scripts, load anything but inline
 * styles and data: pictures, submit forms or be framed by another site (server/app.ts puts
 * these in place of the site's own CSP and X-Frame-Options on PREVIEW_PATH).
 */
export const PREVIEW_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'",
  "X-Frame-Options": "SAMEORIGIN",
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
} as const;

export type KindPreview = {
  email: RenderedEmail | null;
  sms: { text: string; dlt: string; slots: string[] } | null;
};

/** The kind's e-mail and SMS with its sample data, links on `siteUrl`; null for an unknown kind. */
export function previewOf(kind: MessageKind | string, siteUrl: string): KindPreview | null {
  const template = Object.hasOwn(TEMPLATES, kind) ? templateOf(kind) : undefined;
  if (!template) return null;
  const stopUrl = template.optional ? `${siteUrl}/messages/stop/sample` : null;
  const email = template.email ? renderEmail(template.email(template.sample), { siteUrl, stopUrl }) : null;
  let sms: KindPreview["sms"] = null;
  if (template.sms) {
    const rendered = renderSms({ text: template.sms.text, values: template.sms.values(template.sample) }, siteUrl);
    sms = { text: rendered.text, dlt: dltText(template.sms.text), slots: Object.keys(rendered.variables) };
  }
  return { email, sms };
}

/**
 * Turns a template's document into what is sent: an e-mail's HTML and plain-text parts from one
 * `EmailDoc` (so they never disagree), and an SMS's text from its `{slot}` text and values. Every
 * value is escaped in HTML; links become absolute on the site's address. Pure.
 */
import { school } from "#content/school";
import type { EmailDoc, SmsDoc } from "./templates";

export type RenderContext = {
  /** The site's origin, no trailing slash: "https://www.example.in". */
  siteUrl: string;
  /** The stop-reminders link (absolute) for messages a parent may stop; null otherwise. */
  stopUrl: string | null;
};

export type RenderedEmail = { subject: string; html: string; text: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A site path ("/fees") on the site's address; an absolute http(s) URL as it is. */
export function absoluteUrl(siteUrl: string, href: string): string {
  return /^https?:\/\//.test(href) ? href : `${siteUrl}${href.startsWith("/") ? "" : "/"}${href}`;
}

const FOOTER = [school.name, `${school.address.street}, ${school.address.locality} ${school.address.postalCode}, ${school.address.region}`];

/** The e-mail of `doc`: the same words as HTML (inline styles, one 600 px column) and as text. */
export function renderEmail(doc: EmailDoc, ctx: RenderContext): RenderedEmail {
  const href = doc.action ? absoluteUrl(ctx.siteUrl, doc.action.href) : null;
  const text: string[] = [doc.heading, "", ...doc.paragraphs.flatMap((p) => [p, ""])];
  for (const t of doc.table ?? []) {
    text.push(t.caption, ...t.rows.map(([label, value]) => `  ${label}: ${value}`), "");
  }
  if (doc.facts?.length) text.push(...doc.facts.map(([label, value]) => `${label}: ${value}`), "");
  if (doc.action && href) text.push(`${doc.action.label}: ${href}`, "");
  if (doc.note) text.push(doc.note, "");
  text.push("—", ...FOOTER, ctx.siteUrl);
  if (ctx.stopUrl) text.push("", `To stop fee reminders: ${ctx.stopUrl}`);

  const cell = "padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:15px;";
  const rows = (pairs: [string, string][]) =>
    pairs.map(([label, value]) => `<tr><td style="${cell}color:#4b5563">${escapeHtml(label)}</td><td style="${cell}text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`).join("");
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">`,
    `<tr><td style="background:#1e3a8a;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:700">${escapeHtml(school.name)}</td></tr>`,
    `<tr><td style="padding:24px">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(doc.heading)}</h1>`,
    ...doc.paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`),
    ...(doc.table ?? []).map(
      (t) => `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px"><caption style="text-align:left;font-weight:700;padding:8px 0;font-size:15px">${escapeHtml(t.caption)}</caption>${rows(t.rows)}</table>`,
    ),
    doc.facts?.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows(doc.facts)}</table>` : "",
    doc.action && href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1e3a8a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:700;font-size:16px">${escapeHtml(doc.action.label)}</a></p>`
      : "",
    doc.note ? `<p style="margin:0 0 14px;font-size:13px;color:#4b5563">${escapeHtml(doc.note)}</p>` : "",
    `</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:#4b5563;line-height:1.5">${FOOTER.map(escapeHtml).join("<br>")}<br><a href="${escapeHtml(ctx.siteUrl)}" style="color:#1e3a8a">${escapeHtml(ctx.siteUrl.replace(/^https?:\/\//, ""))}</a>`,
    ctx.stopUrl ? `<br><br><a href="${escapeHtml(ctx.stopUrl)}" style="color:#4b5563">Stop fee reminders</a>` : "",
    `</td></tr></table></td></tr></table></body></html>`,
  ].join("");
  return { subject: doc.subject, html, text: text.join("\n") };
}

const SLOT = /\{([a-z]+)\}/g;

/** The slot names of an SMS text, in order: the DLT template's variables. */
export function slotNames(text: string): string[] {
  return [...text.matchAll(SLOT)].map((m) => m[1]!);
}

/** The text to register with TRAI DLT (and the provider): every `{slot}` as `{#var#}`. */
export function dltText(text: string): string {
  return text.replace(SLOT, "{#var#}");
}

/**
 * The SMS of `doc`: each slot filled (a value that is a site path becomes an absolute link), with
 * the values in slot order. Throws when a slot has no value (a template and its data disagree).
 */
export function renderSms(doc: SmsDoc, siteUrl: string): { text: string; variables: Record<string, string> } {
  const variables: Record<string, string> = {};
  for (const name of slotNames(doc.text)) {
    const value = doc.values[name];
    if (value === undefined) throw new Error(`The SMS slot {${name}} has no value`);
    variables[name] = value.startsWith("/") ? absoluteUrl(siteUrl, value) : value;
  }
  return { text: doc.text.replace(SLOT, (_, name: string) => variables[name]!), variables };
}

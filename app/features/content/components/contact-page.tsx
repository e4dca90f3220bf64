/**
 * /contact: address with a map link, phones as tel: links, e-mails, hours, WhatsApp, and the
 * enquiry trigger (`data-open-enquiry`: the site layout opens the enquiry dialog; without
 * JavaScript /enquire is a plain enquiry page).
 */
import type { ReactNode } from "react";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";

export type ContactDetails = {
  name: string;
  address: string;
  mapUrl: string;
  phones: { label: string; display: string; e164: string }[];
  emails: string[];
  hours: string;
  whatsapp: string;
};

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-bold text-brand-800">{title}</h2>
      <div className="mt-3 space-y-2 text-slate-800">{children}</div>
    </div>
  );
}

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";
const buttonClass = "inline-flex min-h-12 items-center justify-center rounded-lg px-6 font-bold";

export function ContactPage({ page, contact }: { page: ContentPage; contact: ContactDetails }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead}>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="/enquire" data-open-enquiry="" className={`${buttonClass} bg-accent-400 text-brand-900 hover:bg-accent-500`}>
            Send an enquiry
          </a>
          {contact.phones[0] && (
            <a href={`tel:${contact.phones[0].e164}`} className={`${buttonClass} border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-100`}>
              Call {contact.phones[0].display}
            </a>
          )}
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <Card title="Address">
            <address className="not-italic">
              {contact.name}
              <br />
              {contact.address}
            </address>
            <p>
              <a href={contact.mapUrl} className={linkClass} rel="noopener" target="_blank">
                Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </Card>
          <Card title="Phone">
            <ul className="space-y-2">
              {contact.phones.map((p) => (
                <li key={p.e164}>
                  {p.label}: <a href={`tel:${p.e164}`} className={`${linkClass} whitespace-nowrap`}>{p.display}</a>
                </li>
              ))}
            </ul>
          </Card>
          <Card title="E-mail">
            <ul className="space-y-2">
              {contact.emails.map((e) => (
                <li key={e}>
                  <a href={`mailto:${e}`} className={`${linkClass} break-all`}>{e}</a>
                </li>
              ))}
            </ul>
          </Card>
          <Card title="Office hours">
            <p>{contact.hours}</p>
            <p className="text-sm text-slate-700">Closed on Sundays and school holidays.</p>
          </Card>
          <Card title="WhatsApp">
            <p>Send us a message on WhatsApp and the admissions office will reply during office hours.</p>
            <p>
              <a href={contact.whatsapp} className={linkClass} rel="noopener" target="_blank">
                Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </Card>
          <Card title="Enquiry">
            <p>Tell us your child&apos;s name and class and we will call you back.</p>
            <p>
              <a href="/enquire" data-open-enquiry="" className={linkClass}>Open the enquiry form</a>
            </p>
          </Card>
        </div>
        <PageClosing page={page} narrow />
      </div>
    </>
  );
}

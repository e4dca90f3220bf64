/**
 * /enquire: the enquiry form as a page, and the action every enquiry form posts to (the
 * dialog with JavaScript, this page without). SPEC §2, §5, §7.
 */
import { data } from "react-router";
import type { Route } from "./+types/enquire";
import { school } from "#content/school";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { EnquiryForm } from "~/features/enquiries/components/enquiry-form";
import { enquiryAnswer } from "~/features/enquiries/submit-enquiry.server";
import type { PageHandle } from "~/lib/without-react";

/** The form works as a document post; its checks as the parent types need React, loaded when the parent starts on it (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: "on-interaction" };

/** The form posted without JavaScript; with it, the form posts to /api/enquiries (the same answer as JSON). */
export async function action({ request }: Route.ActionArgs) {
  const { body, status } = await enquiryAnswer(request);
  return data(body, { status });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Enquire Now",
    description: `Send an admission enquiry to ${school.name}, Kharagpur. Our admissions team will call you back.`,
    path: "/enquire",
    siteUrl: siteUrlFrom(matches),
  });

export default function Enquire({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Enquire Now</h1>
      <p className="mt-3 text-slate-700">
        Tell us about your child and our admissions team will call you back during school hours ({school.hours.days} {school.hours.open}-{school.hours.close}).
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6">
        <EnquiryForm sourcePage="/enquire" initialResult={actionData} />
      </div>
    </section>
  );
}

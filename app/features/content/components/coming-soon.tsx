/** A plain page for a route whose full content is still being written. */
import { Link } from "react-router";
import { school } from "#content/school";

export function ComingSoon({ title, description }: { title: string; description: string }) {
  const [phone] = school.phones;
  const [email] = school.emails;
  return (
    <section className="mx-auto max-w-3xl px-5 py-16 sm:py-24">
      <h1 className="text-3xl font-extrabold text-brand-800 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{description}</p>
      <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-800">
        This page is being prepared and will be available soon. Until then, please call{" "}
        <a className="font-semibold text-brand-700 underline" href={`tel:${phone.e164}`}>{phone.display}</a>{" "}
        or write to{" "}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>{email}</a>.
      </p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Go to the home page
      </Link>
    </section>
  );
}

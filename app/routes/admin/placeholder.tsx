/** /admin/* until the sign-in and admin area are built: says so plainly and is not indexed. */
import { Link } from "react-router";
import type { Route } from "./+types/placeholder";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Admin", description: "School administration area.", path: "/admin", siteUrl: siteUrlFrom(matches), noindex: true });

export default function AdminPlaceholder() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold text-brand-800">Admin area</h1>
        <p className="mt-3 text-slate-700">The administrator sign-in is being set up and will be available soon.</p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline">Back to the website</Link>
      </div>
    </main>
  );
}

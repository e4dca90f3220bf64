/** Access Denied for signed-in non-admins (SPEC §2), with a way to sign out. */
import { Form } from "react-router";
import { ACCESS_DENIED_TEXT } from "../roles";

export function AccessDenied({ email }: { email?: string }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 p-4">
      <div role="alert" className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-red-800">Access Denied</h1>
        <p className="mt-3 text-slate-700">{ACCESS_DENIED_TEXT}</p>
        {email && <p className="mt-2 text-sm text-slate-700">Signed in as {email}</p>}
        <Form method="post" action="/admin/logout" className="mt-6">
          <button type="submit" className="rounded-lg border-2 border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50">Sign out</button>
        </Form>
      </div>
    </main>
  );
}

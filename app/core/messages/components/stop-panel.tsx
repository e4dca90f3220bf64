/**
 * /messages/stop/{token}: "Stop fee reminders to <masked address>?" with one button (a plain
 * POST: no JavaScript needed), then what happened; or why the link does not work.
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/button";

export type StopView =
  | { state: "ask"; masked: string }
  | { state: "stopped"; masked: string }
  | { state: "invalid" };

export const STOP_INVALID_TITLE = "This link does not work";

export function StopPanel({ view, busy }: { view: StopView; busy: boolean }) {
  if (view.state === "invalid") {
    return (
      <section className="mx-auto max-w-xl px-5 py-16 text-center">
        <h1 className="text-3xl font-extrabold text-red-800">{STOP_INVALID_TITLE}</h1>
        <p className="mt-3 text-lg text-slate-700">
          The link is incomplete or has expired. Please open the newest fee reminder and use its link, or call the school office and ask them to stop fee reminders.
        </p>
        <p className="mt-6"><Link to="/contact" className="font-semibold text-brand-700 underline">Contact the school</Link></p>
      </section>
    );
  }
  if (view.state === "stopped") {
    return (
      <section className="mx-auto max-w-xl px-5 py-16 text-center">
        <h1 className="text-3xl font-extrabold text-emerald-800">Fee reminders stopped</h1>
        <p role="status" className="mt-3 text-lg text-slate-700" data-testid="stop-done">
          You will no longer receive fee reminders at {view.masked}. Receipts and replies to your requests will still be sent.
        </p>
        <p className="mt-3 text-slate-700">Changed your mind? The school office can start them again.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-5 py-16 text-center">
      <h1 className="text-3xl font-extrabold text-brand-800">Stop fee reminders to {view.masked}?</h1>
      <p className="mt-3 text-lg text-slate-700">Receipts and replies to your requests will still be sent. Fees stay due on their usual dates.</p>
      <Form method="post" className="mt-8">
        <Button size="xl" disabled={busy}>Stop fee reminders</Button>
      </Form>
    </section>
  );
}

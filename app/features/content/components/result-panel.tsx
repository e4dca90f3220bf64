/** A centred result message with one action link (payment success and failure pages, SPEC §2); a page that lays out its own actions leaves `action` out. */
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/button";

type Props = { tone: "success" | "failure"; title: string; message: string; action?: { label: string; to: string }; children?: ReactNode };

/** `children` (e.g. what was paid) go between the message and the action. */
export function ResultPanel({ tone, title, message, action, children }: Props) {
  const ok = tone === "success";
  return (
    <section className="mx-auto grid max-w-xl place-items-center px-5 py-20 text-center">
      <div aria-hidden="true" className={`grid size-16 place-items-center rounded-full text-3xl font-bold ${ok ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>
        {ok ? "✓" : "!"}
      </div>
      <h1 className={`mt-6 text-3xl font-extrabold ${ok ? "text-emerald-800" : "text-red-800"}`}>{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{message}</p>
      {children}
      {action && (
        <ButtonLink to={action.to} size="xl" className="mt-8">
          {action.label}
        </ButtonLink>
      )}
    </section>
  );
}

/** The SPEC §2 generic error screen ("Something went wrong"), with a Refresh Page button. */
import { isRouteErrorResponse } from "react-router";
import { buttonClass } from "~/components/button";

/** SPEC §2 texts of the generic error screen, word for word (also the server's fault page). */
export const GENERIC_ERROR = {
  title: "Something went wrong",
  text: "We apologize for the inconvenience. Please try refreshing the page.",
  button: "Refresh Page",
} as const;

/**
 * The plain message of a request a route refused on purpose (413, 415, 400 … thrown as a text
 * Response), for the error screen; nothing for faults or React Router's own errors.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status >= 500 || (error as { internal?: boolean }).internal) return undefined;
  return typeof error.data === "string" && error.data.length <= 200 ? error.data : undefined;
}

/** `detail`: what the server said about a refused request (a 4xx's plain message), if anything. */
export function ErrorScreen({ detail }: { detail?: string }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div role="alert" className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-brand-800">{GENERIC_ERROR.title}</h1>
        {detail && <p className="mt-3 font-medium text-slate-900">{detail}</p>}
        <p className="mt-3 text-slate-700">{GENERIC_ERROR.text}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClass({ size: "lg", className: "mt-6" })}
        >
          {GENERIC_ERROR.button}
        </button>
      </div>
    </main>
  );
}

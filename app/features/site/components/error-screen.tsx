/** The SPEC §2 generic error screen ("Something went wrong"), with a Refresh Page button. */
export function ErrorScreen() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div role="alert" className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-brand-800">Something went wrong</h1>
        <p className="mt-3 text-slate-700">We apologize for the inconvenience. Please try refreshing the page.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Refresh Page
        </button>
      </div>
    </main>
  );
}

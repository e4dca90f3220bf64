/**
 * The one sentence an admin page shows in place of forms its reader may not use (a Viewer, say):
 * the page reads as it is, and says who may change it. `need` names them: the route takes it
 * from whoMay (app/features/auth/permissions.ts), e.g. "the Accounts role". `what` narrows it
 * when the reader may use some of the page's forms ("the settings").
 */
export function ReadOnlyNote({ need, what = "this page", className = "" }: { need: string; what?: string; className?: string }) {
  return <p className={`text-sm text-slate-600 ${className}`} data-testid="read-only-note">You can read {what}; changes need {need}.</p>;
}

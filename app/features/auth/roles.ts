/** SPEC §6: the one ADMIN_EMAIL address is ADMIN; every other signed-in address is USER. */
export type Role = "ADMIN" | "USER";

export function roleOf(email: string, adminEmail: string): Role {
  return email.trim().toLowerCase() === adminEmail.trim().toLowerCase() ? "ADMIN" : "USER";
}

/** SPEC §2 Access Denied text, word for word. */
export const ACCESS_DENIED_TEXT = "You don't have permission to access this area. Please contact the system administrator.";
/** SPEC §8 login failure text, word for word. */
export const INVALID_CREDENTIALS_TEXT = "Invalid credentials. Please try again.";
/**
 * Answer when sign-in is throttled (DESIGN.md §6), with the wait rounded up to whole seconds
 * or minutes: "Too many failed sign-in attempts. Please try again in 2 minutes."
 */
export function tooManyAttemptsText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
}

/** localStorage keys of the SPEC §3 session user and the SPEC §4 last-activity stamp. */
export const LOCAL_USER_KEY = "kva.admin.user";
export const LAST_ACTIVITY_KEY = "kva.admin.lastActivity";
/** SPEC §9: sign out after 30 minutes without activity, checked every 60 s. */
export const INACTIVITY_LIMIT_MS = 30 * 60 * 1000;
export const INACTIVITY_CHECK_MS = 60 * 1000;

/**
 * Where to go after signing in: the requested admin path when it is one (no open redirect),
 * otherwise /admin. /icici-debug, the administrator's payment debug page (DESIGN.md §8), counts.
 */
export function safeRedirect(to: string | null | undefined): string {
  const adminPath = to?.startsWith("/admin") || to === "/icici-debug" || to?.startsWith("/icici-debug?");
  if (!to || !adminPath || to.startsWith("//") || to.startsWith("/admin/login") || /[\r\n\\]/.test(to)) return "/admin";
  return to;
}

/**
 * Client-side inactivity sign-out (SPEC §4, §9): mouse, key, click or scroll update a
 * last-activity stamp in localStorage (shared by the admin's tabs); every 60 s the stamp is
 * checked and after 30 minutes without activity the browser posts /admin/logout. It also
 * keeps the SPEC §3 "session user" (email, role) in localStorage while signed in.
 * The server enforces the same 30 minutes on its own.
 */
import { useEffect } from "react";
import { useSubmit } from "react-router";
import { INACTIVITY_CHECK_MS, INACTIVITY_LIMIT_MS, LAST_ACTIVITY_KEY, LOCAL_USER_KEY, type Role } from "../roles";

/** True when the last activity (ms since epoch) is 30 minutes or more before `now`. */
export function isInactive(lastActivity: number, now: number): boolean {
  return now - lastActivity >= INACTIVITY_LIMIT_MS;
}

export function InactivitySignOut({ email, role }: { email: string; role: Role }) {
  const submit = useSubmit();

  useEffect(() => {
    const store = (key: string, value: string) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Storage unavailable: the server's idle limit still applies.
      }
    };
    const lastActivity = () => {
      try {
        return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || Date.now();
      } catch {
        return Date.now();
      }
    };
    store(LOCAL_USER_KEY, JSON.stringify({ email, role }));
    store(LAST_ACTIVITY_KEY, String(Date.now()));

    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      // One write a second is plenty for a 30-minute limit.
      if (now - lastWrite < 1_000) return;
      lastWrite = now;
      store(LAST_ACTIVITY_KEY, String(now));
    };
    const events = ["mousemove", "keydown", "click", "scroll"] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    const check = setInterval(() => {
      if (isInactive(lastActivity(), Date.now())) {
        clearInterval(check);
        void submit({ reason: "inactivity" }, { method: "post", action: "/admin/logout" });
      }
    }, INACTIVITY_CHECK_MS);
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
      clearInterval(check);
    };
  }, [email, role, submit]);

  return null;
}

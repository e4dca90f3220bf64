/**
 * Timing of the Enquire Now button's shake (SPEC §2, §9): once 5 s after load, then every
 * 30 s, each shake lasting 800 ms, only while the enquiry form is closed.
 */
export const SHAKE_FIRST_MS = 5_000;
export const SHAKE_EVERY_MS = 30_000;
export const SHAKE_DURATION_MS = 800;

/**
 * Starts the shake schedule. `isClosed()` is asked at each tick; `setShaking` receives true at
 * the start and false 800 ms later. Returns a function that stops every timer.
 */
export function startShakeSchedule(isClosed: () => boolean, setShaking: (on: boolean) => void): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const shake = () => {
    if (!isClosed()) return;
    setShaking(true);
    const t = setTimeout(() => {
      timers.delete(t);
      setShaking(false);
    }, SHAKE_DURATION_MS);
    timers.add(t);
  };
  const first = setTimeout(shake, SHAKE_FIRST_MS);
  const every = setInterval(shake, SHAKE_EVERY_MS);
  return () => {
    clearTimeout(first);
    clearInterval(every);
    for (const t of timers) clearTimeout(t);
  };
}

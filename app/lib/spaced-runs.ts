/**
 * A background run woken by events, at most one at a time and at most one per `spacingMs`
 * (ms between the starts of two runs): a wake during a run, or too soon after the last one
 * began, asks for one more run when it may start. Used by the messages worker
 * (app/messages.server.ts), which an admission-day surge wakes after every payment: ten
 * payments a second are then one run a second, not ten, each run's fixed work (its lock, the
 * recovery and hold queries) paid once.
 */
export function spacedRuns(run: () => Promise<unknown>, spacingMs: number, clock: () => number = Date.now): () => void {
  let running = false;
  let waiting: NodeJS.Timeout | undefined;
  let again = false;
  let lastStart = -Infinity;
  const wake = () => {
    if (running || waiting) {
      again ||= running;
      return;
    }
    const wait = lastStart + spacingMs - clock();
    if (wait > 0) {
      waiting = setTimeout(() => {
        waiting = undefined;
        wake();
      }, wait);
      waiting.unref();
      return;
    }
    running = true;
    lastStart = clock();
    void run()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  return wake;
}

/**
 * Gives memory back after a busy spell (issue 29, docs/decisions/034-per-request-work.md).
 *
 * V8 shrinks its heap and hands pages back to the system after a full collection made while
 * little is being allocated (its memory reducer starts from one). A server that goes quiet after
 * an admission-day surge allocates nothing, so no collection comes, and it keeps its peak size
 * (600–750 MiB after a 600-parent surge against 300–400 MiB idle, in some runs for good). So:
 * once `quietMs` has passed with no request after requests were served, one full collection
 * runs. It never runs while requests keep coming, and at most once a spell.
 */
import type { Server } from "node:http";

type Collect = () => void;

/**
 * Watches `server`'s requests and calls `collect` (default `globalThis.gc`, which Node
 * defines only with --expose-gc: `npm run serve` gives it; without it nothing is done) once
 * `quietMs` ms after the last request of a spell; `collect: null` turns it off. Its timer never holds the process open.
 * Returns a function that stops watching.
 */
export function collectWhenQuiet(server: Pick<Server, "on" | "off">, { quietMs = 10_000, collect = (globalThis.gc as Collect | undefined) ?? null }: { quietMs?: number; collect?: Collect | null } = {}): () => void {
  if (!collect) return () => {};
  let timer: NodeJS.Timeout | undefined;
  const onRequest = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      collect();
    }, quietMs);
    timer.unref();
  };
  server.on("request", onRequest);
  return () => {
    clearTimeout(timer);
    server.off("request", onRequest);
  };
}

/** True once React has hydrated in the browser; false during server rendering. */
import { useSyncExternalStore } from "react";

const noop = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}

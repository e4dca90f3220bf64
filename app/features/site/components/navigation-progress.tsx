/** Loading indicator while a navigation is pending (SPEC §2 "loading spinner"). */
import { useNavigation } from "react-router";

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed top-[84px] left-1/2 z-50 -translate-x-1/2">
      {busy && (
        <span className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg">
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
          Loading…
        </span>
      )}
    </div>
  );
}

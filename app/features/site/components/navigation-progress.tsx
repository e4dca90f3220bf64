/**
 * Loading indicator (SPEC §2 "loading spinner"): while React Router's navigation is pending on a
 * page that hydrated, and while the next page loads after a link is followed (the chrome script
 * fills the same region, ../chrome/index.ts).
 */
import { useNavigation } from "react-router";
import { LOADING_INDICATOR_CLASS, LOADING_INDICATOR_HTML } from "../chrome/loading";

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div role="status" aria-live="polite" data-navigation-progress="" className="pointer-events-none fixed top-[84px] left-1/2 z-50 -translate-x-1/2">
      {busy && <span className={LOADING_INDICATOR_CLASS} dangerouslySetInnerHTML={{ __html: LOADING_INDICATOR_HTML }} />}
    </div>
  );
}

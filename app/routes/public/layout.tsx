/**
 * Public site chrome around every public page (SPEC §2): header, the alert banner of a current
 * notice (issue 28), footer, floating widgets. The markup is React's; its behaviour is the
 * chrome script's (app/features/site/chrome/index.ts), which pages kept in memory load instead
 * of React (server/page-cache.ts) and this layout loads once React has hydrated a page. The
 * floating actions keep clear of the page (app/features/site/chrome/stay-clear.ts): Pay Fee and
 * Enquire Now are left out of pages whose purpose is a form or a payment step, the footer keeps
 * room below its last line for them, and each steps aside while it would cover an action or a
 * message.
 */
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { bannerNotice } from "~/features/content/published.server";
import { NoticeBanner } from "~/features/content/components/notice-banner";
import { renderInstant } from "~/lib/prerender";
import { SiteHeader } from "~/features/site/components/site-header";
import { SiteFooter } from "~/features/site/components/site-footer";
import { FloatingPayFee } from "~/features/site/components/floating-pay-fee";
import { FloatingEnquire } from "~/features/site/components/floating-enquire";
import { BackToTop } from "~/features/site/components/back-to-top";
import { ReadingProgress } from "~/features/site/components/reading-progress";
import { NavigationProgress } from "~/features/site/components/navigation-progress";
import { usePageTransition } from "~/features/site/use-page-transition";
import { showsQuickActions } from "~/features/site/chrome/stay-clear";
import { useVisitTracker } from "~/features/analytics/ingest/use-visit-tracker";

/** The alert banner of the current notice, if any (issue 28): on every public page. */
export function loader({ context }: Route.LoaderArgs) {
  const banner = bannerNotice(renderInstant(context));
  return { banner: banner && { slug: banner.slug, title: banner.title, untilLabel: banner.untilLabel, hasDetail: banner.html !== "" } };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const changedPage = usePageTransition();
  useVisitTracker();
  useEffect(() => {
    void import("./chrome");
  }, []);
  const quickActions = showsQuickActions(location.pathname);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to main content
      </a>
      <SiteHeader />
      <ReadingProgress />
      {loaderData.banner && <NoticeBanner notice={loaderData.banner} />}
      <main id="main" key={location.pathname} className={[changedPage && "motion-safe:animate-fade-in", !loaderData.banner && "pt-[72px]"].filter(Boolean).join(" ")}>
        <Outlet />
      </main>
      <SiteFooter roomForQuickActions={quickActions} />
      <aside aria-label="Quick actions" data-quick-actions="">
        <NavigationProgress />
        {quickActions && <FloatingPayFee />}
        <FloatingEnquire floating={quickActions} autoOpen={location.pathname === "/"} />
        <BackToTop />
      </aside>
    </>
  );
}

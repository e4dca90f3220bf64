/**
 * The document shell: <html>, head tags, scripts with the CSP nonce, and the SPEC §2 generic
 * error screen for anything that crashes a page. Scrolling after navigation is the site
 * layout's job (SPEC §2: scroll to top smoothly after 300 ms), so React Router's
 * ScrollRestoration is not used.
 */
// First: no module below may make a zod schema before the browser's zod is told not to use eval.
import "~/lib/zod-in-browser";
import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import { getConfig } from "~/lib/config.server";
import { useNonce } from "~/lib/nonce";
import { ErrorScreen, refusalMessage } from "~/features/site/components/error-screen";
// The stylesheet is linked with a React 19 `precedence`, so React places it at the top of
// <head>, before React Router's modulepreload links: it is render-blocking and must be fetched
// first (a plain `import "./app.css"` link ends up after a dozen script preloads).
import appCss from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Values every page's meta needs; read on the server from the configuration. */
export function loader() {
  return { siteUrl: getConfig().publicSiteUrl };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12305a" />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated, so tests can wait for interactivity; under the
  // public layout the chrome script marks it once it runs too (app/features/site/chrome/index.ts).
  // `data-react` says React runs (a page hydrating on interaction said "loading" until now:
  // app/lib/without-react.ts).
  useEffect(() => {
    if (!document.querySelector("[data-quick-actions]")) document.documentElement.dataset.hydrated = "true";
    document.documentElement.dataset.react = "hydrated";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorScreen detail={refusalMessage(error)} />;
}

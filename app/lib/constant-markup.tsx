/**
 * Markup that is the same on every page and for as long as the process runs: the chrome's
 * header, side menu and footer, made only from the build's content modules (#content/…). The
 * pages kept in memory render it once per change; a hydrated page (a form, a payment step)
 * rendered it again on every request, about half of the HTML React wrote for a short page
 * (issue 29). With `ConstantMarkup` the server renders it once per process and key and reuses
 * the HTML string; the browser keeps what the server sent, so React neither renders nor
 * hydrates inside it (its behaviour is the chrome script's, which works on the DOM).
 *
 * - Server: app/entry.server.tsx provides `ConstantMarkupContext` (renderToStaticMarkup, kept
 *   by key). Without a provider (unit tests, a client-only render) the children render as usual.
 * - Browser: the inner HTML is read once from the element the server sent
 *   (`[data-constant="<key>"]`) and passed back unchanged on every render, so React never
 *   writes it; the chrome script's changes to it (aria-expanded, hidden) stay.
 *
 * Only for markup with no React state, effects, router links or per-request data inside.
 */
import { createContext, useContext, type ReactNode } from "react";

/** Renders `children` to static HTML once for `key` and returns it (the same string after). */
export type ConstantMarkupRenderer = (key: string, children: ReactNode) => string;

export const ConstantMarkupContext = createContext<ConstantMarkupRenderer | null>(null);

/** The inner HTML the server sent for each key, read in the browser on first render. */
const sent = new Map<string, string>();

function sentMarkup(key: string): string | null {
  const known = sent.get(key);
  if (known !== undefined) return known;
  if (typeof document === "undefined") return null;
  const element = document.querySelector(`[data-constant="${key}"]`);
  if (!element) return null;
  sent.set(key, element.innerHTML);
  return element.innerHTML;
}

type Tag = "header" | "footer" | "div";

type Props = {
  /** The element around the markup. */
  as: Tag;
  /** Names this markup in the cache and in the page (`data-constant`); one per kind of markup. */
  constantKey: string;
  className?: string;
  /** The markup: the same for every request. */
  children: ReactNode;
};

/**
 * `<as data-constant={constantKey} className>` around `children`, whose HTML the server renders
 * once per process and the browser keeps as sent (see the module comment).
 */
export function ConstantMarkup({ as: Element, constantKey, className, children }: Props) {
  const render = useContext(ConstantMarkupContext);
  const html = render ? render(constantKey, children) : sentMarkup(constantKey);
  if (html === null) {
    return (
      <Element data-constant={constantKey} className={className}>
        {children}
      </Element>
    );
  }
  return <Element data-constant={constantKey} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A renderer for `ConstantMarkupContext` that keeps each key's HTML: `renderStatic` is
 * react-dom/server's renderToStaticMarkup (passed in, so this module stays out of the server
 * renderer's imports in the browser). Each key's ids carry the key as prefix, so `useId` in two
 * pieces cannot collide.
 */
export function keptMarkup(renderStatic: (children: ReactNode, options: { identifierPrefix: string }) => string): ConstantMarkupRenderer {
  const kept = new Map<string, string>();
  return (key, children) => {
    let html = kept.get(key);
    if (html === undefined) {
      html = renderStatic(children, { identifierPrefix: `${key}-` });
      kept.set(key, html);
    }
    return html;
  };
}

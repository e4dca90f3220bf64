import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConstantMarkup, ConstantMarkupContext, keptMarkup } from "./constant-markup";

let renders = 0;
function Counted({ label }: { label: string }) {
  renders++;
  return <a href="/apply">{label}</a>;
}

const page = (renderer: ReturnType<typeof keptMarkup> | null, label: string) =>
  renderToStaticMarkup(
    <ConstantMarkupContext value={renderer}>
      <ConstantMarkup as="header" constantKey="site-header" className="fixed">
        <Counted label={label} />
      </ConstantMarkup>
    </ConstantMarkupContext>,
  );

afterEach(() => {
  renders = 0;
  vi.unstubAllGlobals();
});

describe("ConstantMarkup on the server", () => {
  it("renders the children once per key and serves the same markup after, as the plain render would", () => {
    const renderer = keptMarkup(renderToStaticMarkup);
    const first = page(renderer, "Apply Now");
    const second = page(renderer, "changed");
    expect(renders).toBe(1);
    expect(second).toBe(first);
    expect(first).toBe(page(null, "Apply Now"));
    expect(first).toBe('<header data-constant="site-header" class="fixed"><a href="/apply">Apply Now</a></header>');
  });

  it("keeps each key apart", () => {
    const renderer = keptMarkup(renderToStaticMarkup);
    expect(renderer("a", <b>one</b>)).toBe("<b>one</b>");
    expect(renderer("b", <i>two</i>)).toBe("<i>two</i>");
    expect(renderer("a", <i>other</i>)).toBe("<b>one</b>");
  });

  it("prefixes useId's ids with the key", () => {
    const seen: string[] = [];
    const renderStatic = vi.fn((children: React.ReactNode, options: { identifierPrefix: string }) => {
      seen.push(options.identifierPrefix);
      return renderToStaticMarkup(children);
    });
    keptMarkup(renderStatic)("site-footer", <p />);
    expect(seen).toEqual(["site-footer-"]);
  });
});

describe("ConstantMarkup in the browser", () => {
  it("keeps the HTML the server sent without rendering its children", () => {
    const sent = '<a href="/apply" aria-expanded="true">Apply Now</a>';
    const querySelector = vi.fn((selector: string) => (selector === '[data-constant="sent-key"]' ? { innerHTML: sent } : null));
    vi.stubGlobal("document", { querySelector });
    const html = renderToStaticMarkup(
      <ConstantMarkup as="div" constantKey="sent-key">
        <Counted label="not this" />
      </ConstantMarkup>,
    );
    expect(html).toBe(`<div data-constant="sent-key">${sent}</div>`);
    expect(renders).toBe(0);
  });

  it("renders the children when the server sent no such element", () => {
    vi.stubGlobal("document", { querySelector: () => null });
    const html = renderToStaticMarkup(
      <ConstantMarkup as="div" constantKey="absent-key">
        <Counted label="Apply Now" />
      </ConstantMarkup>,
    );
    expect(html).toBe('<div data-constant="absent-key"><a href="/apply">Apply Now</a></div>');
    expect(renders).toBe(1);
  });
});

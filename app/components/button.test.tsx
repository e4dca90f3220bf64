import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, buttonClass } from "./button";

const classes = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

describe("buttonClass", () => {
  it("is the primary button the forms had written out", () => {
    expect(classes(buttonClass({ size: "touch" }))).toEqual(classes("min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-500"));
  });

  it("greys only filled buttons when disabled, unless told otherwise", () => {
    expect(buttonClass({ variant: "danger" })).toContain("disabled:bg-slate-500");
    expect(buttonClass({ variant: "secondary" })).not.toContain("disabled:");
    expect(classes(buttonClass({ size: "form", disabledLook: "pale-ink" }))).toEqual(classes("rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-slate-400 disabled:text-slate-900"));
  });

  it("adds the caller's layout classes", () => {
    expect(buttonClass({ size: "xl", className: "mt-8 inline-block" }).endsWith(" mt-8 inline-block")).toBe(true);
  });
});

describe("Button", () => {
  it("submits by default and passes its attributes on", () => {
    const html = renderToStaticMarkup(<Button name="intent" value="close" disabled>Close</Button>);
    expect(html).toMatch(/^<button type="submit" [^>]*>Close<\/button>$/);
    for (const attribute of ['name="intent"', 'value="close"', 'disabled=""']) expect(html).toContain(attribute);
    expect(renderToStaticMarkup(<Button type="button">Open</Button>)).toContain('type="button"');
  });

  it("as a link navigates with the router and has no disabled look", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ButtonLink to="/payment-portal" size="xl">Pay</ButtonLink> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/"]} />);
    expect(html).toContain('href="/payment-portal"');
    expect(html).not.toContain("disabled:");
  });
});

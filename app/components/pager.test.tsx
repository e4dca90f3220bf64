import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager, pagerHrefs } from "./pager";

/** A search string like the lists' own: the filters, then the page when above 1. */
const searchOf = (filters: Record<string, string>) => (page: number) => {
  const params = new URLSearchParams(filters);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
};

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("pagerHrefs", () => {
  it("keeps the filters on both neighbours", () => {
    expect(pagerHrefs(3, 5, searchOf({ status: "paid", q: "KV1" }))).toEqual({ previous: "?status=paid&q=KV1&page=2", next: "?status=paid&q=KV1&page=4" });
  });

  it("goes back to page 1 without a page parameter, and to '?' when there are no filters", () => {
    expect(pagerHrefs(2, 3, searchOf({ class: "UKG" })).previous).toBe("?class=UKG");
    expect(pagerHrefs(2, 3, searchOf({})).previous).toBe("?");
  });

  it("has no previous on the first page and no next on the last", () => {
    expect(pagerHrefs(1, 2, searchOf({}))).toEqual({ previous: null, next: "?page=2" });
    expect(pagerHrefs(2, 2, searchOf({}))).toEqual({ previous: "?", next: null });
  });
});

describe("Pager", () => {
  it("shows nothing when everything fits on one page", () => {
    expect(render(<Pager page={1} pageCount={1} searchOf={searchOf({})} />)).toBe("");
  });

  it("links the neighbouring pages and says where the reader is", () => {
    const html = render(<Pager page={2} pageCount={3} searchOf={searchOf({ status: "new" })} />);
    expect(html).toContain('aria-label="Pages"');
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => [text, href?.replaceAll("&amp;", "&")]);
    expect(links).toEqual([["Previous", "/?status=new"], ["Next", "/?status=new&page=3"]]);
    expect(html.replaceAll("<!-- -->", "")).toContain("<span>Page 2 of 3</span>");
  });
});

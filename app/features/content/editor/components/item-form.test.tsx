/**
 * The content form as the server renders it: an Editor (no content.publish) gets Save draft and
 * the sentence naming who may publish, never the publish button; a publisher gets both; a
 * message shows beside its field, which is marked invalid and described by it; a new story has
 * an address field, an existing one its address as text.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { whoMay } from "~/features/auth/permissions";
import { emptyFormValues } from "../form-values";
import { ItemForm } from "./item-form";

function render(props: Partial<Parameters<typeof ItemForm>[0]> = {}): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ItemForm kind="notice" values={emptyFormValues("notice", new Date())} errors={{}} version={null} slug={null} preview={{ html: "", problem: null }} canPublish publishNeed={whoMay("content.publish")} busy={false} {...props} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("ItemForm", () => {
  it("offers an Editor Save draft and names who may publish", () => {
    const html = render({ canPublish: false });
    expect(html).toContain(">Save draft</button>");
    expect(html).not.toContain("Save and publish");
    expect(html).toContain("You can save drafts; publishing needs the Publisher role.");
    expect(render()).toContain(">Save and publish</button>");
  });

  it("shows a message beside its field, which is marked and described by it", () => {
    const html = render({ errors: { title: "Keep the notice to 120 characters or fewer" } });
    expect(html).toMatch(/<input[^>]*id="field-title"[^>]*aria-invalid="true"[^>]*aria-describedby="field-title-error field-title-hint"/);
    expect(html).toContain('<p id="field-title-error" class="mt-1 text-sm font-medium text-red-800">Keep the notice to 120 characters or fewer</p>');
  });

  it("asks a new story for its address and shows an existing one's as text", () => {
    const values = { ...emptyFormValues("news", new Date()), title: "Sports Day 2026" };
    expect(render({ kind: "news", values })).toMatch(/<input[^>]*name="slug"[^>]*value="sports-day-2026"/);
    const existing = render({ kind: "news", values, version: 3, slug: "sports-day-2026" });
    expect(existing).not.toContain('name="slug"');
    expect(existing).toContain(">/news/sports-day-2026</p>");
    expect(existing).toContain('<input type="hidden" name="version" value="3"/>');
  });
});

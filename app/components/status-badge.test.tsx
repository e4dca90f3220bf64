import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BADGE_TONES, type BadgeTone, StatusBadge } from "./status-badge";

describe("StatusBadge", () => {
  it("gives every tone a pale or alert background and a text colour", () => {
    for (const [tone, colours] of Object.entries(BADGE_TONES)) {
      const html = renderToStaticMarkup(<StatusBadge tone={tone as BadgeTone}>x</StatusBadge>);
      expect(html).toBe(`<span class="rounded-full px-2.5 py-0.5 text-xs font-bold ${colours}">x</span>`);
      expect(colours).toMatch(/^bg-\w+-\d+ text-(\w+-\d+|white)$/);
    }
  });

  it("keeps the applications list's semibold block badge and a title", () => {
    expect(renderToStaticMarkup(<StatusBadge tone="sky-deep" weight="semibold" block title="Submitted">Submitted</StatusBadge>)).toBe(
      '<span class="inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold bg-sky-100 text-sky-950" title="Submitted">Submitted</span>',
    );
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { school } from "#content/school";
import { visibleNews, visibleNewsArticle } from "./published.server";
import { getHomeCallout, getHomeSections, homeSectionSchema, newsSchema, parseMarkdown } from "./markdown.server";
import { ContentError, interpolate, renderMarkdown } from "./markdown-render.server";

const goodNews = `---
slug: sports-day
title: Sports day
date: 2026-12-12
summary: Parents are invited to the sports day on the school ground.
image: /images/sports-field.svg
imageAlt: ""
---
Welcome to **{{name}}**.

## Programme

- Relay races
`;

describe("parseMarkdown", () => {
  it("validates front matter, fills school tokens and renders the body to HTML", () => {
    const { data, html } = parseMarkdown("/content/news/sports-day.md", goodNews, newsSchema);
    expect(data).toMatchObject({ slug: "sports-day", date: "2026-12-12", category: "News" });
    expect(html).toContain(`<p>Welcome to <strong>${school.name}</strong>.</p>`);
    expect(html).toContain("<h2>Programme</h2>");
    expect(html).toContain("<li>Relay races</li>");
  });

  it("rejects a file whose front matter breaks the schema, naming the file and the field", () => {
    const bad = goodNews.replace("date: 2026-12-12", "date: 12/12/2026").replace("/images/sports-field.svg", "https://example.com/a.jpg");
    expect(() => parseMarkdown("/content/news/bad.md", bad, newsSchema)).toThrow(ContentError);
    try {
      parseMarkdown("/content/news/bad.md", bad, newsSchema);
    } catch (error) {
      expect((error as Error).message).toMatch(/^\/content\/news\/bad\.md: /);
      expect((error as Error).message).toContain("date");
      expect((error as Error).message).toContain("image");
    }
  });

  it("rejects unknown front-matter keys (typos) and vague link text", () => {
    const section = `---
id: inspire
eyebrow: Inspire
title: Curiosity
image: /images/classroom.svg
imageAlt: A classroom
linkLabel: Read more
highlights: [One]
colour: blue
---
Body`;
    expect(() => parseMarkdown("/content/home/inspire.md", section, homeSectionSchema)).toThrow(/colour/);
    expect(() => parseMarkdown("/content/home/inspire.md", section.replace("colour: blue\n", ""), homeSectionSchema)).toThrow(/read more/);
  });

  it("rejects invalid YAML and unknown tokens", () => {
    expect(() => parseMarkdown("/x.md", "---\ntitle: [unclosed\n---\nBody", newsSchema)).toThrow(/not valid YAML/);
    expect(() => interpolate("Call {{phone.number}}", "/x.md")).toThrow(/unknown token \{\{phone\.number\}\}/);
    expect(interpolate("Since {{ foundingYear }} in {{address.locality}}", "/x.md")).toBe(`Since ${school.foundingYear} in ${school.address.locality}`);
  });

  it("refuses headings above the allowed level so the page outline never skips", () => {
    expect(() => renderMarkdown("# Title\n\nText", "/x.md", 2)).toThrow(/heading level 1/);
    expect(() => renderMarkdown("## Part\n\nText", "/x.md", 3)).toThrow(/heading level 2/);
    expect(renderMarkdown("### Part", "/x.md", 3)).toBe("<h3>Part</h3>\n");
  });
});

describe("content files", () => {
  const publicFile = (p: string) => existsSync(path.resolve("public", `.${p}`));

  it("has the four home sections in navigation order, linking to their pages", () => {
    const sections = getHomeSections();
    expect(sections.map((s) => s.id)).toEqual(["inspire", "empower", "transform", "achieve"]);
    for (const s of sections) {
      expect(s.link.to).toBe(`/${s.id}`);
      expect(s.html).not.toMatch(/\{\{|<h[12]/);
      expect(publicFile(s.image), s.image).toBe(true);
    }
    expect(getHomeCallout("admissions").html).toContain("<p>");
  });

  it("lists news newest first, including the CBSE results 2024 article (the seed files, before the database is read)", () => {
    const now = new Date();
    const getNewsItems = (limit?: number) => visibleNews(now, { limit });
    const getNewsArticle = (slug: string) => visibleNewsArticle(slug, now);
    const items = getNewsItems();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.map((n) => n.date)).toEqual(items.map((n) => n.date).toSorted().reverse());
    const results = getNewsArticle("cbse-results-2024");
    expect(results).toMatchObject({ href: "/news/cbse-results-2024", dateLabel: "13 May 2024" });
    expect(results?.title).toContain(school.figures.cbseResults);
    expect(results?.html).toContain("<h2>Class X</h2>");
    for (const n of items) expect(publicFile(n.image), n.image).toBe(true);
    expect(getNewsArticle("no-such-article")).toBeNull();
    expect(getNewsItems(2)).toHaveLength(2);
  });
});

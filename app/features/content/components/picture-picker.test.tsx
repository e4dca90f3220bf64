import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PicturePicker, type PictureChoice } from "./picture-picker";

const ID = "0123456789abcdef0123456789abcdef";
const choice = (n: number, over: Partial<PictureChoice> = {}): PictureChoice => ({
  ref: `/media/${ID.slice(0, 31)}${n}`,
  alt: `Photo ${n}`,
  caption: "",
  album: null,
  thumbnail: `/media/${ID.slice(0, 31)}${n}-320.webp`,
  width: 640,
  height: 480,
  sources: { width: 640, height: 480, avif: "", webp: "", src: `/media/${ID.slice(0, 31)}${n}-640.webp`, social: "" },
  ...over,
});

describe("PicturePicker", () => {
  it("is a group of radio buttons, one a photo, each labelled by its alt text, with the current one chosen", () => {
    const html = renderToStaticMarkup(<PicturePicker pictures={[choice(1), choice(2, { alt: "", caption: "Prize day" }), choice(3, { alt: "" })]} value={choice(2).ref} onChoose={() => undefined} />);
    expect(html).toMatch(/^<fieldset[^>]*><legend[^>]*>Choose a picture<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    // One name: arrow keys move between the photos, Tab leaves the group.
    expect(new Set([...html.matchAll(/<input type="radio"[^>]* name="([^"]+)"/g)].map((m) => m[1])).size).toBe(1);
    for (const text of ["Photo 1", "Prize day", "No alt text yet"]) expect(html).toContain(text);
    const inputs = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(inputs.map((tag) => tag.includes('checked=""'))).toEqual([false, true, false]);
    // The thumbnail is decorative: the label's text names the photo.
    expect(html).toContain('alt=""');
    expect(html).toMatch(/<button type="button"[^>]*>Use this picture<\/button>/);
  });

  it("offers an album filter only when photos have albums, and says where to upload when there are none", () => {
    expect(renderToStaticMarkup(<PicturePicker pictures={[choice(1)]} onChoose={() => undefined} />)).not.toContain("<select");
    const withAlbums = renderToStaticMarkup(<PicturePicker pictures={[choice(1, { album: "sports-day" }), choice(2, { album: "annual-day" })]} onChoose={() => undefined} />);
    expect(withAlbums).toContain('<option value="" selected="">All photos</option><option value="annual-day">annual-day</option><option value="sports-day">sports-day</option>');
    expect(renderToStaticMarkup(<PicturePicker pictures={[]} onChoose={() => undefined} />)).toContain('href="/admin/content/pictures"');
  });
});

import { describe, expect, it } from "vitest";
import { galleryDataJson, parseGalleryData, type LightboxPicture } from "./gallery-data";

const picture = (n: number, over: Partial<LightboxPicture> = {}): LightboxPicture => ({
  avif: `/a${n}.avif 640w`,
  webp: `/a${n}.webp 640w`,
  src: `/a${n}.jpg`,
  width: 640,
  height: 480,
  alt: `Picture ${n}`,
  caption: `Caption ${n}`,
  ...over,
});

describe("galleryDataJson", () => {
  it("keeps each album's title and pictures, in order, and round-trips through parseGalleryData", () => {
    const albums = [
      { title: "Annual Day", pictures: [picture(1), picture(2)] },
      { title: "Sports Day", pictures: [picture(3)] },
    ];
    expect(parseGalleryData(galleryDataJson(albums))).toEqual(albums);
  });

  it("leaves out what the lightbox does not need", () => {
    const album = { id: "annual-day", title: "Annual Day", date: "2026-01-10", pictures: [{ ...picture(1), social: "/s.jpg" }] };
    expect(parseGalleryData(galleryDataJson([album]))).toEqual([{ title: "Annual Day", pictures: [picture(1)] }]);
  });

  it("escapes every < so a caption cannot end the <script> element or open a comment", () => {
    const caption = `</script><script>alert(1)</script> <!-- a < b`;
    const json = galleryDataJson([{ title: "</SCRIPT>", pictures: [picture(1, { caption })] }]);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    const [album] = parseGalleryData(json);
    expect(album!.title).toBe("</SCRIPT>");
    expect(album!.pictures[0]!.caption).toBe(caption);
  });
});

describe("parseGalleryData", () => {
  it("refuses text that is not a list of albums", () => {
    expect(() => parseGalleryData("not json")).toThrow(SyntaxError);
    expect(() => parseGalleryData("{}")).toThrow(TypeError);
    expect(() => parseGalleryData('[{"title":"A"}]')).toThrow(TypeError);
    expect(() => parseGalleryData("[null]")).toThrow(TypeError);
  });
});

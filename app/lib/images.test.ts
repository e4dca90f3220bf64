import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, servedWidths, sniffImage } from "./images";

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe("sniffImage", () => {
  it("reads JPEG, PNG and WebP from their signatures, whatever the name says", () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe("jpeg");
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    // RIFF, any length, WEBP.
    expect(sniffImage(new Uint8Array([...ascii("RIFF"), 0x24, 0x10, 0x00, 0x00, ...ascii("WEBPVP8 ")]))).toBe("webp");
  });

  it("refuses other RIFF files (a WAV), SVG, GIF, HEIC, a short head and formats not accepted", () => {
    expect(sniffImage(new Uint8Array([...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVE")]))).toBeNull();
    expect(sniffImage(ascii("<svg xmlns="))).toBeNull();
    expect(sniffImage(ascii("GIF89a"))).toBeNull();
    expect(sniffImage(new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypheic")]))).toBeNull();
    expect(sniffImage(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImage(new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")]), ["jpeg", "png"])).toBeNull();
  });
});

describe("servedWidths", () => {
  it("serves each width up to the picture's own, never more", () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 960, 1280]);
    expect(servedWidths(4_032)).toEqual([320, 640, 960, 1280]);
    expect(servedWidths(1_280)).toEqual([320, 640, 960, 1280]);
    expect(servedWidths(1_279)).toEqual([320, 640, 960]);
    expect(servedWidths(640)).toEqual([320, 640]);
    expect(servedWidths(320)).toEqual([320]);
  });

  it("serves a picture narrower than the smallest width at its own width", () => {
    expect(servedWidths(200)).toEqual([200]);
    expect(servedWidths(1)).toEqual([1]);
    expect(() => servedWidths(0)).toThrow(RangeError);
    expect(() => servedWidths(12.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { parseTrackBody } from "./beacon-schema";

describe("beacon payload", () => {
  it("accepts a beacon", () => {
    expect(parseTrackBody(JSON.stringify({ sid: "0123456789abcdef", path: "/apply", ref: "https://www.google.com/" }))).toEqual({
      ok: true,
      payload: { sid: "0123456789abcdef", path: "/apply", ref: "https://www.google.com/" },
    });
  });

  it.each([
    ["not json", "Validation failed: the body is not JSON"],
    [JSON.stringify({ sid: "short", path: "/" }), "Validation failed: sid: sid must be 8-64 URL-safe characters"],
    [JSON.stringify({ sid: "0123456789abcdef", path: "apply" }), "Validation failed: path: path must start with /"],
    [JSON.stringify([]), "Validation failed: body: Invalid input: expected object, received array"],
  ])("refuses %s with the SPEC §8 message", (body, message) => {
    expect(parseTrackBody(body)).toEqual({ ok: false, message });
  });
});

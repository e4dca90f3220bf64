import { describe, expect, it } from "vitest";
import { NO_STORE_HEADERS, setNoStore } from "./http";

describe("no-store headers", () => {
  it("say Cache-Control: no-store, as an object or set on existing headers without losing the others", () => {
    expect(new Headers(NO_STORE_HEADERS).get("Cache-Control")).toBe("no-store");
    const headers = new Headers({ "Set-Cookie": "session=1", "Cache-Control": "public, max-age=60" });
    expect(setNoStore(headers)).toBe(headers);
    expect([...headers.entries()]).toEqual([["cache-control", "no-store"], ["set-cookie", "session=1"]]);
  });
});

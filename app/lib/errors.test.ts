import { describe, expect, it } from "vitest";
import { messageOf, reasonOf } from "./errors";

describe("messageOf", () => {
  it("gives an Error's message and anything else as text", () => {
    expect(messageOf(new Error("disk full"))).toBe("disk full");
    expect(messageOf("plain")).toBe("plain");
    expect(messageOf(42)).toBe("42");
    expect(messageOf(undefined)).toBe("undefined");
  });
});

describe("reasonOf", () => {
  it("gives the innermost cause's message, stopping after five", () => {
    const inner = new Error("relation \"x\" does not exist");
    expect(reasonOf(new Error("Failed query: select", { cause: inner }))).toBe(inner.message);
    expect(reasonOf(new Error("outer", { cause: "not an error" }))).toBe("outer");
    let deep: Error = new Error("level 0");
    for (let i = 1; i <= 7; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(reasonOf(deep)).toBe("level 2");
  });
});

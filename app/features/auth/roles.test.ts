import { describe, expect, it } from "vitest";
import { safeRedirect } from "./roles";

describe("safeRedirect", () => {
  it("keeps admin paths, /icici-debug included, and sends anything else to /admin", () => {
    expect(safeRedirect("/admin/enquiries?status=new")).toBe("/admin/enquiries?status=new");
    expect(safeRedirect("/icici-debug")).toBe("/icici-debug");
    expect(safeRedirect("/icici-debug?x=1")).toBe("/icici-debug?x=1");
    for (const bad of [null, "", "/", "//evil.example/admin", "https://evil.example/admin", "/icici-debugger", "/admin/login", "/admin\\evil", "/admin\r\nx"]) {
      expect(safeRedirect(bad), String(bad)).toBe("/admin");
    }
  });
});

import { describe, expect, it } from "vitest";
import { tierOf } from "./rate-limits";

const isStatic = (path: string) => path === "/fee" || path.startsWith("/assets/");

describe("tierOf", () => {
  it("lets reading of pages served from memory and of built files through the static tier", () => {
    expect(tierOf({ method: "GET", path: "/fee" }, isStatic)).toBe("static");
    expect(tierOf({ method: "HEAD", path: "/assets/app.css" }, isStatic)).toBe("static");
  });
  it("counts pages rendered on request in the rendered tier", () => {
    expect(tierOf({ method: "GET", path: "/admin" }, isStatic)).toBe("rendered");
    expect(tierOf({ method: "GET", path: "/_root.data" }, isStatic)).toBe("rendered");
  });
  it("keeps every write but beacons in the strict posts tier, whatever its path", () => {
    expect(tierOf({ method: "POST", path: "/enquire" }, isStatic)).toBe("posts");
    expect(tierOf({ method: "POST", path: "/admin/login" }, isStatic)).toBe("posts");
    expect(tierOf({ method: "POST", path: "/fee" }, isStatic)).toBe("posts");
    expect(tierOf({ method: "DELETE", path: "/admin/enquiries" }, isStatic)).toBe("posts");
    expect(tierOf({ method: "POST", path: "/api/track" }, isStatic)).toBe("beacons");
  });
  it("counts a payment gateway's returns and webhooks like page requests, not like a parent's form posts", () => {
    const gateways = new Set(["/student-payment", "/api/payments/razorpay/webhook"]);
    expect(tierOf({ method: "POST", path: "/api/payments/razorpay/webhook" }, isStatic, gateways)).toBe("rendered");
    expect(tierOf({ method: "POST", path: "/student-payment" }, isStatic, gateways)).toBe("rendered");
    expect(tierOf({ method: "POST", path: "/enquire" }, isStatic, gateways)).toBe("posts");
  });
  it("counts a mail provider's one-click stop posts like page requests, and only on the paths it is told", () => {
    const stop = (path: string) => path.startsWith("/messages/stop/");
    expect(tierOf({ method: "POST", path: "/messages/stop/abc.1.x" }, isStatic, new Set(), stop)).toBe("rendered");
    expect(tierOf({ method: "POST", path: "/enquire" }, isStatic, new Set(), stop)).toBe("posts");
  });
  it("counts an editor's photo uploads (one post a photo) like page requests, and only on the paths it is told", () => {
    const batch = (path: string) => path === "/admin/content/pictures.json";
    expect(tierOf({ method: "POST", path: "/admin/content/pictures.json" }, isStatic, new Set(), undefined, batch)).toBe("rendered");
    expect(tierOf({ method: "POST", path: "/admin/content/pictures" }, isStatic, new Set(), undefined, batch)).toBe("posts");
    expect(tierOf({ method: "POST", path: "/admin/login" }, isStatic, new Set(), undefined, batch)).toBe("posts");
  });
});

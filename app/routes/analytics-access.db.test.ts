/**
 * No analytics data is readable without an admin session (DESIGN.md §1, §6):
 * the JSON reads redirect anonymous visitors to the login screen and answer a USER with 403;
 * only the ADMIN gets data. (This file lives outside
 * app/routes/admin/ because the session test imports every module there.)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInWithCode } from "../../tests/support/two-factor";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-analytics-access-"));
const run = Date.now().toString(36);
const ADMIN = { email: `admin-${run}@analytics.example`, password: "admin-password-123" };
const VIEWER = { email: `viewer-${run}@analytics.example`, password: "viewer-password-123" };
process.env.ADMIN_EMAIL = ADMIN.email;

const { getDatabase } = await import("~/db/client.server");
const { ensureAdminAccount } = await import("~/features/auth/admin-account.server");
const { signInWithPassword } = await import("~/features/auth/session.server");
const data = await import("./admin/analytics-data");
const visits = await import("./admin/analytics-visits");

const ORIGIN = "http://localhost:3000";
const context = { cspNonce: "", clientIp: "127.0.0.1" };
const request = (p: string, cookie?: string) => new Request(`${ORIGIN}${p}`, { headers: cookie ? { cookie } : {} });

async function cookieOf(account: { email: string; password: string }) {
  const result = await signInWithPassword({ ...account, ip: "203.0.113.50", request: new Request(`${ORIGIN}/admin/login`, { method: "POST" }) });
  if (!result.ok) throw new Error("sign-in failed");
  return result.headers.getSetCookie().find((c) => c.includes("session_token="))!.split(";")[0]!;
}

async function statusOf(call: () => Promise<unknown>): Promise<{ status: number; location?: string }> {
  try {
    const value = (await call()) as Response;
    return { status: value.status };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") ?? undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

describe("analytics data is admin-only", () => {
  const loaders = [
    { name: "/admin/analytics/data", fn: data.loader as (a: unknown) => Promise<unknown> },
    { name: "/admin/analytics/visits", fn: visits.loader as (a: unknown) => Promise<unknown> },
  ];
  beforeAll(async () => {
    await getDatabase();
    await ensureAdminAccount(ADMIN);
    await ensureAdminAccount(VIEWER);
  });
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it.each(loaders)("$name sends an anonymous visitor to the login screen", async ({ name, fn }) => {
    const outcome = await statusOf(() => fn({ request: request(name), params: {}, context }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/admin/login?redirectTo=${encodeURIComponent(name)}`);
  });

  it.each(loaders)("$name answers a USER with 403", async ({ name, fn }) => {
    const cookie = await cookieOf(VIEWER);
    expect(await statusOf(() => fn({ request: request(name, cookie), params: {}, context }))).toEqual({ status: 403 });
  });

  it("gives the ADMIN the result, summary and history, and the latest visits", async () => {
    const cookie = await signedInWithCode(ADMIN);
    const response = (await data.loader({ request: request("/admin/analytics/data?range=7days", cookie), params: {}, context } as never)) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { range: string; hourlyVisitors: unknown[] }; summary: object; history: unknown[] };
    expect(body.result.range).toBe("7days");
    expect(body.result.hourlyVisitors).toHaveLength(24);
    expect(body.summary).toHaveProperty("botPercentage");
    const list = (await visits.loader({ request: request("/admin/analytics/visits?limit=5", cookie), params: {}, context } as never)) as Response;
    expect(list.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

});

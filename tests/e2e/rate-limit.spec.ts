/**
 * The strict rate-limit tier (DESIGN.md §6): form posts and sign-ins from one client IP are
 * refused with HTTP 429 and a plain message once over the limit; pages still load.
 */
import { expect, test } from "@playwright/test";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";
import { extraPort } from "./env";

const PORT = extraPort(3);
let server: SpawnedServer;

test.describe("rate limits", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    server = await spawnServer(PORT, { ...productionEnv(PORT), RATE_LIMIT_POSTS: "3" });
  });
  test.afterAll(() => server.stop());

  test("the fourth post in 10 minutes gets 429 with a plain message; reading pages is not limited by it", async ({ request }) => {
    const post = () => request.post(`${server.origin}/enquire`, { form: { name: "Rate Limit", phone: "12345", class: "LKG" }, maxRedirects: 0 });
    for (let i = 0; i < 3; i++) expect((await post()).status()).toBe(400);
    const refused = await post();
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toBe("Too many requests. Please wait a few minutes and try again.");
    expect((await request.post(`${server.origin}/admin/login`, { form: { email: "a@b.in", password: "x" } })).status()).toBe(429);
    expect((await request.get(`${server.origin}/overview`)).status()).toBe(200);
  });
});

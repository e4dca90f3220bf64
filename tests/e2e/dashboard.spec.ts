/**
 * The administrator's analytics dashboard over a database seeded with
 * `npm run seed:traffic`: every panel is checked against figures computed in this test from the
 * raw rows (dashboard-oracle.ts) for two ranges; the range lives in the URL; Identify bots on
 * the seeded bot rows changes the counts; a CSV export has the right header and rows; nothing
 * overflows a 390 px screen.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectedFigures, expectedSummary, type OracleRange, type RawVisit } from "./dashboard-oracle";
import { E2E_ADMIN, extraPort } from "./env";
import { signIn } from "./fixtures";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";

const PORT = extraPort(4);
const ENV = productionEnv(PORT);
const ROWS = 3000;
let server: SpawnedServer;
let rows: RawVisit[];
/** Ids of the seeded crawler visits. */
let seededBots: Set<number>;

const n = (value: number) => new Intl.NumberFormat("en-IN").format(value);
const hour = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "AM" : "PM"}`;

async function readRows(dir: string): Promise<RawVisit[]> {
  const db = new PGlite(dir);
  try {
    const result = await db.query<RawVisit & { ts: string }>(`
      SELECT id, visitor_ip AS ip, session_id AS session, page_visited AS page, country, region, city, referrer, device_type AS device,
             browser, is_apply_page AS apply, is_new_visitor AS fresh, is_bot AS bot, user_agent AS "userAgent",
             to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts
      FROM visitor_analytics`);
    return result.rows.map((r) => ({ ...r, id: Number(r.id), ts: Date.parse(r.ts) }));
  } finally {
    await db.close();
  }
}

/** Cells of a table as text (tables behind a closed "Show as a table" count too). */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
}

async function asOf(page: Page): Promise<number> {
  return Date.parse((await page.getByTestId("as-of").getAttribute("data-instant"))!);
}

async function checkPanels(page: Page, range: OracleRange) {
  const at = await asOf(page);
  const want = expectedFigures(rows, range, at);
  const headline = (id: string) => page.getByTestId(`headline-${id}`);
  const cards: [string, number, number][] = [
    ["total-visits", want.headline.total, want.previous.total],
    ["unique-visitors", want.headline.unique, want.previous.unique],
    ["apply-visits", want.headline.apply, want.previous.apply],
    ["new-visitors", want.headline.fresh, want.previous.fresh],
    ["returning-visitors", want.headline.returning, want.previous.returning],
  ];
  for (const [id, value, previous] of cards) {
    await expect(headline(id).getByTestId("value"), id).toHaveText(n(value));
    await expect(headline(id).getByTestId("previous"), `${id} previous`).toHaveText(n(previous));
  }
  await expect(headline("peak-hour").getByTestId("value")).toHaveText(want.peakHour === null ? "No visits yet" : hour(want.peakHour));
  await expect(headline("peak-hour").getByTestId("change")).toHaveText(`Yesterday: ${want.yesterdayPeakHour === null ? "no visits" : hour(want.yesterdayPeakHour)}`);

  const daily = await tableRows(page.getByTestId("table-daily"));
  expect(daily.map((r) => [r[1], r[2], r[3], r[4]])).toEqual(want.daily.map((d) => [n(d.visits), n(d.unique), n(d.fresh), n(d.apply)]));
  const hourly = await tableRows(page.getByTestId("table-hourly"));
  expect(hourly.map((r) => r[0])).toEqual(Array.from({ length: 24 }, (_, h) => hour(h)));
  expect(hourly.map((r) => r[1])).toEqual(want.hourly.map(n));
  const devices = await tableRows(page.getByTestId("table-devices"));
  expect(devices.map((r) => [r[0]!.toLowerCase(), r[1]])).toEqual(want.devices.map((d) => [d.name, n(d.count)]));
  const browsers = await tableRows(page.getByTestId("table-browsers"));
  expect(browsers.map((r) => [r[0], r[1]])).toEqual(want.browsers.map((d) => [d.name, n(d.count)]));
  const sources = await tableRows(page.getByTestId("table-sources"));
  expect(sources.map((r) => [r[0], r[1]])).toEqual(want.categories.map((c) => [c.name, n(c.count)]));

  const referrers = await tableRows(page.getByTestId("table-referrers"));
  expect(referrers.map((r) => [r[0], r[1], r[2]])).toEqual(want.referrers.map((r) => [r.source, r.category, n(r.count)]));
  const locations = await tableRows(page.getByTestId("table-locations"));
  expect(locations.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(want.locations.map((l) => [l.city, l.region, l.country, n(l.count)]));
  const pages = await tableRows(page.getByTestId("table-pages"));
  expect(pages.map((r) => [r[1], r[2]])).toEqual(want.pages.map((p) => [p.name, n(p.count)]));
  const labels = Object.fromEntries(pages.map((r) => [r[1], r[0]]));
  if (labels["/"]) expect(labels["/"]).toBe("Homepage");
  if (labels["/apply"]) expect(labels["/apply"]).toBe("Apply Now");
  if (labels["/fee"]) expect(labels["/fee"]).toBe("Fee Structure");
  const repeat = await tableRows(page.getByTestId("table-repeat"));
  expect(repeat.map((r) => [r[0], r[5], r[6]])).toEqual(want.repeat.map((v) => [v.ip, n(v.visits), n(v.sessions)]));
  for (const r of repeat) {
    expect(r[7]).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
    expect(r[10]).toBe(Number(r[6]!.replaceAll(",", "")) > 1 ? "Yes" : "No");
  }
  return want;
}

async function checkSummary(page: Page) {
  const want = expectedSummary(rows, await asOf(page));
  await expect(page.getByTestId("summary-total")).toHaveText(n(want.total));
  await expect(page.getByTestId("summary-bots")).toHaveText(n(want.bots));
  await expect(page.getByTestId("summary-humans")).toHaveText(n(want.humans));
  await expect(page.getByTestId("summary-unprocessed")).toHaveText(n(want.unprocessed));
  await expect(page.getByTestId("summary-bot-percentage")).toHaveText(`${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(want.botPercentage)}%`);
  await expect(page.getByTestId("summary-recent")).toHaveText(
    `${n(want.recent.total)} visits: ${n(want.recent.fresh)} new, ${n(want.recent.total - want.recent.fresh)} returning`,
  );
  return want;
}

test.describe("analytics dashboard", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "one seeded server is enough; the 390 px layout is checked inside");
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    // The skip above does not stop hooks: only one project may seed and serve this data folder.
    if ((test.info().project.use.viewport?.width ?? 0) < 500) return;
    test.setTimeout(START_TIMEOUT_MS + 120_000);
    rmSync(ENV.DATA_DIR!, { recursive: true, force: true });
    execFileSync("node_modules/.bin/tsx", ["scripts/seed/traffic.ts", "--rows", String(ROWS), "--days", "120"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...ENV },
      stdio: "ignore",
    });
    // The seed stores its crawler visits already flagged; mark them unchecked, as visits stored
    // before a rule learnt their user agent would be, so Identify bots has work to do.
    const db = new PGlite(`${ENV.DATA_DIR}/pglite`);
    seededBots = new Set((await db.query<{ id: number }>("UPDATE visitor_analytics SET is_bot = NULL WHERE is_bot RETURNING id")).rows.map((r) => Number(r.id)));
    await db.close();
    rows = await readRows(`${ENV.DATA_DIR}/pglite`);
    server = await spawnServer(PORT, ENV);
  });
  test.afterAll(() => server?.stop());

  test("every panel matches the raw rows for two ranges; the range is in the URL", async ({ page }) => {
    test.setTimeout(90_000);
    expect(rows).toHaveLength(ROWS);
    expect(seededBots.size).toBeGreaterThan(0);
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/login`);
    await page.goto(`${server.origin}/admin`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("navigation", { name: "Date range" }).getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
    const month = await checkPanels(page, "30days");
    const summary = await checkSummary(page);
    await expect(page.getByTestId("realtime-visitors")).toHaveText(n(summary.realtime));
    await expect(page.getByTestId("chart-daily").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    await expect(page.getByRole("link", { name: "IP geolocation by DB-IP" })).toHaveAttribute("href", "https://db-ip.com");

    await page.getByRole("navigation", { name: "Date range" }).getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/\/admin\?range=7days$/);
    await expect(page.getByTestId("analytics")).toHaveAttribute("data-range", "7days");
    const week = await checkPanels(page, "7days");
    expect(week.headline.total).toBeLessThan(month.headline.total);
    await expect(page.getByTestId("table-daily").locator("tbody tr")).toHaveCount(7);

    // A bookmarked link opens the same view; an unknown range is the default, never an error.
    const response = await page.goto(`${server.origin}/admin?range=forever`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("analytics")).toHaveAttribute("data-range", "30days");
  });

  test("exports the daily series and a table as CSV", async ({ page }) => {
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/login`);
    await page.goto(`${server.origin}/admin?range=7days`);
    const want = expectedFigures(rows, "7days", await asOf(page));
    const download = page.waitForEvent("download");
    await page.getByTestId("csv-daily").click();
    const csv = readFileSync(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Visits,Unique visitors,New visitors,Apply-page visits");
    expect(lines).toHaveLength(1 + 7);
    expect(lines.slice(1).map((l) => Number(l.split(",").at(-4)))).toEqual(want.daily.map((d) => d.visits));

    const repeat = await page.request.get(`${server.origin}/admin/analytics/export?range=7days&table=repeat`);
    expect(repeat.headers()["content-type"]).toContain("text/csv");
    const repeatLines = (await repeat.text()).slice(1).trimEnd().split("\r\n");
    expect(repeatLines[0]).toBe("IP,Country,City,Browser,Device,Visits,Sessions,First visit (IST),Last visit (IST),Days between visits,Truly returning");
    expect(repeatLines).toHaveLength(1 + want.repeat.length);
    expect((await page.request.get(`${server.origin}/admin/analytics/export?table=nothing`)).status()).toBe(404);
  });

  test("Identify bots flags the seeded crawler visits and the figures change", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/login`);
    await page.goto(`${server.origin}/admin`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const before = await checkSummary(page);
    const bots = seededBots.size;
    expect(before.unprocessed).toBeGreaterThanOrEqual(bots);
    const humansConfirmed = before.unprocessed - bots;

    await page.getByRole("button", { name: "Identify bots" }).click();
    await expect(page.getByTestId("job-identify-bots-result")).toHaveText(
      `${n(ROWS)} records checked: ${n(bots)} bots found, ${n(humansConfirmed)} humans confirmed.`,
    );
    // The page reloads its figures: the crawler visits leave every count.
    rows = rows.map((r) => (r.bot === null ? { ...r, bot: seededBots.has(r.id) } : r));
    await expect(page.getByTestId("summary-unprocessed")).toHaveText("0");
    await expect(page.getByTestId("summary-bots")).toHaveText(n(bots));
    await checkSummary(page);
    await checkPanels(page, "30days");
  });

  test("fits a 390 px screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/login`);
    await page.goto(`${server.origin}/admin`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByTestId("chart-hourly").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

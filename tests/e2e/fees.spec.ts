/**
 * School fees in a real browser, on a development server of its own (the test gateway
 * and the sample fee book and roll need the development configuration): a parent finds a seeded
 * student, pays two months of school fee and a month of bus fee through the test gateway, sees
 * them paid and downloads the receipt; a wrong date of birth gets the one generic message. The
 * administrator imports a roll CSV with three bad rows (rejected with reasons, nothing imported),
 * fixes it (imported), records a cash payment, sees the defaulters list shrink, and exports the
 * collections CSV, whose totals match the receipts. A fee reminder's family link pays two
 * siblings' school and bus months in one payment, each child's receipts download, and an expired
 * link says so. /fee shows the fee book of the admissions session, and a tuition amount the
 * administrator changes there shows on /fee and in the brochure within 2 s, without a restart.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../support/pdf";
import { kolkataDate } from "../../app/lib/dates";
import { FAMILY_LINK_MS, familyPayPath, familyPayToken } from "../../app/features/fees/family-link.server";
import { E2E_ADMIN, E2E_ENV } from "./env";
import { answerOnTestGateway } from "./flows";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { ownDevelopmentServer } from "./spawn-server";
test.describe.configure({ mode: "default" });
// Parents pay on phones: the flow runs once, at 390 px (both widths are looked at by hand).
const server = ownDevelopmentServer(13, "phone", "runs once, at 390 px");

test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

const GENERIC = "We could not find a student with these details. Check the admission number and the date of birth, and try again.";
const rupees = (text: string) => Number(/₹([\d,]+(?:\.\d\d)?)/.exec(text)![1]!.replaceAll(",", ""));
/** Receipt totals seen by the tests, for the collections CSV check. */
const paid: { mode: "Online" | "Cash"; rupees: number }[] = [];

async function findStudent(page: Page, path: string, admissionNumber: string, dateOfBirth: string) {
  await page.goto(`${server.origin}${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Admission number").fill(admissionNumber);
  await page.getByLabel("Student's date of birth").fill(dateOfBirth);
  await page.getByRole("button", { name: "Find student" }).click();
}

/** Ticks the first `n` unpaid months, asks for the total, checks it against the months shown, pays through the test gateway. */
async function payMonths(page: Page, n: number): Promise<{ months: string[]; total: number }> {
  const boxes = page.getByRole("checkbox");
  const months: string[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const box = boxes.nth(i);
    await box.check();
    const month = (await box.getAttribute("value"))!;
    months.push(month);
    sum += rupees((await page.getByTestId(`month-${month}`).textContent())!);
  }
  await page.getByRole("button", { name: "See the total" }).click();
  const total = rupees((await page.getByTestId("fee-total").textContent())!);
  expect(total).toBe(sum);
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=[\w-]{22}$/);
  await expect(page.locator("h1")).toHaveText("Payment Successful!");
  paid.push({ mode: "Online", rupees: total });
  return { months, total };
}

test("a parent pays two months of school fee and a bus month, sees them paid and downloads the receipt; a wrong date of birth gets the generic message", async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(`${server.origin}/payment-portal`);
  await expect(page.getByRole("link", { name: /Application fee/ })).toHaveAttribute("href", "/admissions/status");
  const redirected = await page.request.get(`${server.origin}/fee-payment`, { maxRedirects: 0 });
  expect(redirected.status()).toBe(301);
  expect(redirected.headers().location).toBe("/fees");

  await findStudent(page, "/fees", "2021/0042", "2015-06-15");
  await expect(page.getByRole("alert")).toHaveText(GENERIC);
  await expect(page.getByLabel("Admission number")).toHaveValue("2021/0042");
  await findStudent(page, "/fees", "2021/0099", "2015-06-14");
  await expect(page.getByRole("alert")).toHaveText(GENERIC);

  await findStudent(page, "/fees", "2021/0042", "2015-06-14");
  await expect(page.getByTestId("student-name")).toHaveText("R*** K*****");
  // Out of order: the second month alone is refused.
  await page.getByRole("checkbox").nth(1).check();
  await page.getByRole("button", { name: "See the total" }).click();
  await expect(page.getByRole("alert")).toHaveText("Pay the oldest unpaid month first: choose months in order, without leaving a gap.");
  await page.getByRole("checkbox").nth(1).uncheck();

  const school = await payMonths(page, 2);
  await expect(page.getByText(/^Tuition Fee — /).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt" }).click()]);
  const text = (await pdfText(await readFile((await download.path())!))).replace(/\s+/g, " ");
  expect(text).toContain("Riya Kumari");
  expect(text).toContain("Admission No. 2021/0042");
  expect(text).toMatch(/Receipt No\. KVA\/\d{4}-\d{2}\/\d{6}/);
  expect(text).toContain("Tuition Fee");
  expect(text).toContain(`₹${school.total.toLocaleString("en-IN")}.00`);

  await findStudent(page, "/bus-fee-payment", "2021/0042", "2015-06-14");
  const bus = await payMonths(page, 1);

  await findStudent(page, "/fees", "2021/0042", "2015-06-14");
  for (const m of school.months) await expect(page.getByTestId(`month-${m}`)).toContainText("Paid");
  await findStudent(page, "/bus-fee-payment", "2021/0042", "2015-06-14");
  await expect(page.getByTestId(`month-${bus.months[0]}`)).toContainText("Paid");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A failed payment's Try Again opens the same student with the same months ticked.
  await findStudent(page, "/fees", "2021/0042", "2015-06-14");
  const next = page.getByRole("checkbox").first();
  const month = (await next.getAttribute("value"))!;
  await next.check();
  await page.getByRole("button", { name: "See the total" }).click();
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page).toHaveURL(/\/payment-failure\?order=/);
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/fees\?retry=[\w-]{22}$/);
  await expect(page.getByTestId("student-name")).toHaveText("R*** K*****");
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
  await expect(page.locator(`input[value="${month}"]`)).toBeChecked();
  await expect(page.getByTestId("fee-total")).toBeVisible();
  expect(errors).toEqual([]);
});

const HEADER = "admission_number,name,date_of_birth,class,section,father_name,mother_name,mobile,email,bus_stop,concessions,joined_session,joined_month";
const GOOD = ["E2E/001,Meera Das,2016-03-04,Class 4,A,Amit Das,,9000000101,,,,,", "E2E/002,Rohan Paul,12/08/2014,Class 6,B,Subir Paul,,9000000102,,R2,SIBLING,,"];
const BAD = ["E2E/003,Tara Sen,2016-13-40,Class 4,A,,,9000000103,,,,,", "E2E/004,Ishan Roy,2015-01-01,Class 14,A,,,12345,,,,,", "E2E/005,Nila Bose,2015-01-01,Class 3,A,,,9000000105,,R9,FREE,,"];
const FIXED = ["E2E/003,Tara Sen,2016-12-30,Class 4,A,,,9000000103,,,,,", "E2E/004,Ishan Roy,2015-01-01,Class 4,A,,,9000000104,,,,,", "E2E/005,Nila Bose,2015-01-01,Class 3,A,,,9000000105,,R1,,,"];

async function upload(page: Page, rows: string[] | Buffer) {
  await page.goto(`${server.origin}/admin/fees/import`);
  await page.getByLabel("Roll CSV file").setInputFiles({ name: "roll.csv", mimeType: "text/csv", buffer: Buffer.isBuffer(rows) ? rows : Buffer.from([HEADER, ...rows].join("\r\n")) });
  await page.getByRole("button", { name: "Import" }).click();
}

async function defaulterCount(page: Page): Promise<number> {
  await page.goto(`${server.origin}/admin/fees/defaulters`);
  return Number(await page.getByTestId("defaulters-count").textContent());
}

test("the administrator imports a roll (all or nothing), records a cash payment, sees the defaulters shrink and exports collections matching the receipts", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.origin}/admin/fees`);
  await signIn(page, E2E_ADMIN);
  await page.goto(`${server.origin}/admin/fees/import`);
  const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the template (CSV)" }).click()]);
  const templateFile = await readFile((await template.path())!);
  expect(templateFile.toString("utf8").split(/\r?\n/)[0]).toBe(HEADER);
  // The template imports as it is: its example row names a stop and a concession of the fee book and a free number.
  await upload(page, templateFile);
  await expect(page.getByRole("status")).toHaveText("Imported 1 student.");

  await upload(page, [...GOOD, ...BAD]);
  const rejected = page.getByTestId("rejected-rows");
  await expect(rejected.locator("tbody tr")).toHaveCount(3);
  // Problems are named by the column headings the clerk sees.
  await expect(rejected).toContainText("date_of_birth:");
  await expect(rejected).toContainText("class:");
  await expect(rejected).toContainText("mobile:");
  await expect(rejected).not.toContainText("dateOfBirth");
  await expect(rejected).not.toContainText("className");
  await expect(rejected).toContainText('no bus stop "R9"');
  await page.goto(`${server.origin}/admin/fees?q=E2E`);
  await expect(page.getByText("No students match this search")).toBeVisible();

  const before = await defaulterCount(page);
  await upload(page, [...GOOD, ...FIXED]);
  await expect(page.getByRole("status")).toHaveText("Imported 5 students.");
  await page.goto(`${server.origin}/admin/fees?q=E2E`);
  await expect(page.locator("tbody tr")).toHaveCount(5);
  const withImported = await defaulterCount(page);
  expect(withImported).toBe(before + 5);

  // Cash for every overdue month of Meera's school fee (she has no bus): she leaves the list.
  await page.goto(`${server.origin}/admin/fees?q=E2E/001`);
  await page.getByRole("link", { name: "E2E/001" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Meera Das");
  const school = page.locator("form", { has: page.getByText("School fee", { exact: true }) });
  const overdue = school.locator("li", { hasText: "Overdue" });
  const n = await overdue.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await overdue.nth(i).getByRole("checkbox").check();
  await school.getByLabel("Mode").selectOption("cash");
  await school.getByRole("button", { name: "See the total" }).click();
  // Nothing is recorded until the office confirms the total.
  const confirm = page.getByTestId("office-confirm");
  await expect(confirm.getByRole("heading")).toHaveText(/^Record cash of ₹[\d,]+\?$/);
  const shown = rupees((await confirm.getByRole("heading").textContent())!);
  await page.goto(page.url());
  await expect(page.getByTestId("office-confirm")).toHaveCount(0);
  await expect(page.getByText("No payments yet.")).toBeVisible();
  for (let i = 0; i < n; i++) await overdue.nth(i).getByRole("checkbox").check();
  await school.getByLabel("Mode").selectOption("cash");
  await school.getByRole("button", { name: "See the total" }).click();
  await page.getByRole("button", { name: /^Confirm: record ₹[\d,]+ and issue receipt$/ }).click();
  const done = page.getByRole("status").filter({ hasText: "recorded" });
  await expect(done).toContainText(/Payment of ₹[\d,]+ recorded\. Receipt KVA\/\d{4}-\d{2}\/\d{6} issued\./);
  expect(rupees((await done.textContent())!)).toBe(shown);
  const [cashReceipt] = await Promise.all([page.waitForEvent("download"), done.getByRole("link", { name: /^Download receipt KVA\// }).click()]);
  expect((await pdfText(await readFile((await cashReceipt.path())!))).replace(/\s+/g, " ")).toContain("Meera Das");
  paid.push({ mode: "Cash", rupees: shown });
  expect(await defaulterCount(page)).toBe(withImported - 1);
  await expect(page.getByTestId("defaulters")).not.toContainText("E2E/001");

  // The collections CSV of today: its totals are the receipts'.
  await page.goto(`${server.origin}/admin/fees/collections`);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const lines = (await readFile((await csv.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/).map((l) => l.split(","));
  expect(lines[0]).toEqual(["Date (IST)", "Head", "Class", "Mode", "Payments", "Amount (INR)"]);
  const body = lines.slice(1, -1);
  const total = lines.at(-1)!;
  const sum = (mode?: string) => body.filter((r) => !mode || r[3] === mode).reduce((s, r) => s + Number(r[5]), 0);
  const receipts = (mode?: string) => paid.filter((p) => !mode || p.mode === mode).reduce((s, p) => s + p.rupees, 0);
  expect(total[0]).toBe("Total");
  expect(Number(total[4])).toBe(paid.length);
  expect(Number(total[5])).toBeCloseTo(receipts(), 2);
  expect(sum()).toBeCloseTo(receipts(), 2);
  expect(sum("Online")).toBeCloseTo(receipts("Online"), 2);
  expect(sum("Cash")).toBeCloseTo(receipts("Cash"), 2);
  await expect(page.getByTestId("collections-total")).toHaveText(`₹${receipts().toLocaleString("en-IN")}`);
  await expect(page.getByTestId("collected-payments")).toContainText("Meera Das");
  await expect(page.getByTestId("collected-payments")).toContainText("Riya Kumari");

  // Payments names who each order was for, and its money received agrees with Collections.
  await page.goto(`${server.origin}/admin/payments`);
  await expect(page.getByTestId("order-subject").first()).toContainText(/Riya Kumari · Class 5 A · 2021\/0042/);
  await expect(page.getByTestId("received-collections")).toHaveText(`₹${receipts().toLocaleString("en-IN")}`);
  await expect(page.getByTestId("received-office")).toHaveText(`₹${receipts("Cash").toLocaleString("en-IN")}`);
});

test("a fee reminder's family link pays two chosen months of each sibling's school and bus fees in one payment, each child's receipts download, an expired link says so", async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The sample roll's Arjun (Class 4, no bus) and Priya Mahato (Class 1, bus R1) share 9000000022.
  const link = familyPayPath("+91 90000 00022", new Date(Date.now() + FAMILY_LINK_MS), E2E_ENV.RECEIPT_SECRET!);
  const answer = await page.request.get(`${server.origin}${link}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(await answer.text()).toMatch(/<meta name="robots" content="noindex/);

  await page.goto(`${server.origin}${link}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("h1")).toHaveText("Fees due");
  await expect(page.getByTestId("child-name")).toHaveText(["A**** M*****", "P**** M*****"]);
  await expect(page.getByLabel("Admission number")).toHaveCount(0);
  await expect(page.getByText("Arjun")).toHaveCount(0);
  // Every month of every fee ticked at first: Arjun's school fee, Priya's school and bus fees.
  await expect(page.getByRole("checkbox", { checked: false })).toHaveCount(0);
  const groups = [page.locator('[data-testid^="fee-"]').nth(0), page.locator('[data-testid^="fee-"]').nth(1), page.locator('[data-testid^="fee-"]').nth(2)];
  await expect(page.locator('[data-testid^="fee-"]')).toHaveCount(3);
  await expect(groups[0]!.getByRole("heading")).toHaveText("School fee");
  await expect(groups[2]!.getByRole("heading")).toHaveText("Bus fee");
  const owed = await Promise.all(groups.map((g) => g.getByRole("checkbox").count()));
  expect(Math.min(...owed), "Arjun's and Priya's fees owe at least three months each by December").toBeGreaterThanOrEqual(3);
  const everything = rupees((await page.getByTestId("family-total").textContent())!);
  expect(everything).toBe((await Promise.all(groups.map(async (g) => rupees((await g.getByTestId("owed").textContent())!)))).reduce((a, b) => a + b, 0));

  // Two months of each fee, chosen both ways: unticking the third month unticks the later ones;
  // ticking the second after unticking all ticks the first with it (oldest first, no gap).
  await groups[0]!.getByRole("checkbox").nth(2).uncheck();
  await groups[1]!.getByRole("checkbox").nth(0).uncheck();
  await expect(groups[1]!.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await groups[1]!.getByRole("checkbox").nth(1).check();
  await groups[2]!.getByRole("checkbox").nth(2).uncheck();
  let chosen = 0;
  const months: string[][] = [];
  for (const g of groups) {
    await expect(g.getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(g.getByRole("checkbox").nth(0)).toBeChecked();
    await expect(g.getByRole("checkbox").nth(1)).toBeChecked();
    const rows = g.locator('li[data-testid^="month-"]');
    months.push([(await rows.nth(0).locator("label .font-semibold").textContent())!, (await rows.nth(1).locator("label .font-semibold").textContent())!]);
    for (const i of [0, 1]) chosen += rupees((await rows.nth(i).locator("span.shrink-0").textContent())!);
  }
  await expect(page.getByTestId("family-total")).toHaveText(`₹${chosen.toLocaleString("en-IN")}`);
  await page.getByRole("button", { name: `Pay ₹${chosen.toLocaleString("en-IN")}` }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
  // The confirm page says what the family's page said: masked names, no "school and bus" when the bus was chosen or not.
  await expect(page.getByText("Arjun")).toHaveCount(0);
  await expect(page.getByText("(school and bus)")).toHaveCount(0);
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Payment Successful!");
  paid.push({ mode: "Online", rupees: chosen });

  // Three receipts: Arjun's school fee, Priya's school fee, Priya's bus fee, each with the child's own two months.
  const receipts = page.getByRole("link", { name: /^Download receipt: / });
  await expect(receipts).toHaveText(["Download receipt: Arjun Mahato, School fee", "Download receipt: Priya Mahato, School fee", "Download receipt: Priya Mahato, Bus fee"]);
  let sum = 0;
  for (const [i, who] of [["Arjun Mahato", "2022/0107"], ["Priya Mahato", "2023/0150"], ["Priya Mahato", "2023/0150"]].entries()) {
    const [download] = await Promise.all([page.waitForEvent("download"), receipts.nth(i).click()]);
    const text = (await pdfText(await readFile((await download.path())!))).replace(/\s+/g, " ");
    expect(text).toContain(who[0]!);
    expect(text).toContain(`Admission No. ${who[1]}`);
    expect(text).not.toContain(i === 0 ? "Priya" : "Arjun");
    for (const month of months[i]!) expect(text).toContain(month);
    sum += rupees(/Total paid ₹[\d,]+(?:\.\d\d)?/.exec(text)![0]);
  }
  expect(sum).toBe(chosen);

  // The link again: what is left is owed, the paid months gone, the total the rest.
  await page.goto(`${server.origin}${link}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  for (const [i, g] of groups.entries()) await expect(g.getByRole("checkbox")).toHaveCount(owed[i]! - 2);

  // An expired link says so and leads to the ordinary look-up.
  const expired = familyPayToken("9000000022", new Date(Date.now() - 1000), E2E_ENV.RECEIPT_SECRET!, new Date(Date.now() - 60_000));
  const gone = await page.goto(`${server.origin}/fees/family/${expired}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("alert")).toContainText("This fee link has expired or is not valid.");
  await expect(page.getByRole("link", { name: "Go to fee payment" })).toHaveAttribute("href", "/fees");
  expect(errors).toEqual([]);
});

test("/fee shows the admissions session's fee book, and a tuition amount the administrator changes shows there within 2 s without a restart", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.origin}/fee`);
  await expect(page.getByRole("heading", { name: "Fee structure, session 2027–28" })).toBeVisible();
  const nursery = page.getByRole("region", { name: "Fee structure table" }).getByRole("row", { name: /^Nursery\s– UKG/ });
  await expect(nursery).toContainText("Tuition Fee: ₹2,200 a month");
  // 2,200 × 12 + 600 × 4 + 6,500 + 12,000: the sample book's heads, each as often as it is charged.
  await expect(nursery).toContainText("₹47,300");
  await expect(page.getByText("Fees fall due on the 15th of the month they are charged for; after that there is a late fee of ₹100 once a month is past its due date.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("fee-390.png"), fullPage: true });
  const first = await page.request.get(`${server.origin}/documents/school-brochure.pdf`);
  expect(await pdfText(await first.body())).toContain("₹47,300");
  // A copy is checked before each use: the same one answers 304, so it never outlives a fee change.
  const firstTag = first.headers()["etag"]!;
  expect([first.headers()["cache-control"], firstTag]).toEqual(["public, no-cache", expect.stringMatching(/^W\/"brochure-/)]);
  expect((await page.request.get(`${server.origin}/documents/school-brochure.pdf`, { headers: { "If-None-Match": firstTag } })).status()).toBe(304);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.goto(`${server.origin}/admin/fees/book`);
  await signIn(page, E2E_ADMIN);
  await page.goto(`${server.origin}/admin/fees/book`);
  await page.getByRole("link", { name: "Session 2027-28" }).click();
  await expect(page.getByRole("heading", { name: "Fee book 2027-28" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const editor = page.getByRole("textbox", { name: /Edit the fee book/ });
  const book = JSON.parse(await editor.inputValue()) as { session: string; structures: { classes: string[]; heads: { name: string; amountPaise: number }[] }[] };
  expect(book.session).toBe("2027-28");
  book.structures[0]!.heads.find((h) => h.name === "Tuition Fee")!.amountPaise = 2_450_00;
  await editor.fill(JSON.stringify(book, null, 2));
  await page.getByRole("button", { name: "Save fee book" }).click();
  await expect(page.getByRole("status")).toHaveText("Fee book 2027-28 saved.");
  const saved = Date.now();
  await expect.poll(async () => (await page.request.get(`${server.origin}/fee`)).text(), { timeout: 2_000, intervals: [100] }).toContain("₹2,450");
  expect(Date.now() - saved).toBeLessThan(2_000);

  await page.goto(`${server.origin}/fee`);
  await expect(nursery).toContainText("Tuition Fee: ₹2,450 a month");
  await expect(nursery).toContainText("₹50,300");
  // The brochure carries the same figures.
  const brochure = async () => pdfText(await (await page.request.get(`${server.origin}/documents/school-brochure.pdf`)).body());
  await expect.poll(brochure, { timeout: 2_000, intervals: [200] }).toContain("₹50,300");
  const afterEdit = await page.request.get(`${server.origin}/documents/school-brochure.pdf`, { headers: { "If-None-Match": firstTag } });
  expect(afterEdit.status()).toBe(200);
  expect(afterEdit.headers()["etag"]).not.toBe(firstTag);
});

test("a cheque is taken subject to realisation, returned unpaid after the office confirms in place, and its months are owed again with the bounce charge", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN, `${server.origin}/admin/fees?q=${encodeURIComponent("2019/0033")}`);
  await page.getByRole("link", { name: "2019/0033" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ananya Ghosh");
  const school = page.locator("form", { has: page.getByText("School fee", { exact: true }) });
  const overdueBefore = await school.locator("li", { hasText: "Overdue" }).count();
  expect(overdueBefore).toBeGreaterThan(1);
  await school.locator("li", { hasText: "Overdue" }).first().getByRole("checkbox").check();
  await school.getByLabel("Mode").selectOption("cheque");
  await school.getByLabel("Cheque/DD number").fill("004512");
  await school.getByLabel("Bank (cheque/DD)").fill("State Bank of India");
  await school.getByLabel("Cheque/DD date").fill(kolkataDate(new Date()));
  await school.getByRole("button", { name: "See the total" }).click();
  // The confirmation takes the focus, wherever it is on the page.
  await expect(page.getByTestId("office-confirm")).toBeFocused();
  await page.getByRole("button", { name: /^Confirm: record ₹[\d,]+ and issue receipt$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "recorded" })).toBeFocused();
  await expect(school.locator("li", { hasText: "Overdue" })).toHaveCount(overdueBefore - 1);

  const row = page.locator('[data-testid^="payment-"]').first();
  await expect(row).toContainText("Awaiting the bank: received subject to realisation.");
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "Receipt PDF" }).click()]);
  expect((await pdfText(await readFile((await download.path())!))).replace(/\s+/g, " ")).toContain("Received subject to realisation");

  // Returned unpaid: asked first, in the payment's own row; nothing changes until confirmed.
  await row.getByRole("button", { name: "Returned unpaid…" }).click();
  const ask = page.getByTestId("bounce-confirm");
  await expect(ask).toBeFocused();
  await expect(ask.getByRole("heading")).toHaveText(/^Record Cheque No\. 004512, State Bank of India, .+ \(₹[\d,]+\) as returned unpaid\?$/);
  await expect(ask.getByLabel(/Add the bounce charge of the fee book, ₹500/)).toBeChecked();
  await expect(school.locator("li", { hasText: "Overdue" })).toHaveCount(overdueBefore - 1);
  await ask.getByRole("button", { name: "Confirm: returned unpaid" }).click();
  const done = page.getByRole("status").filter({ hasText: "returned unpaid" });
  await expect(done).toBeFocused();
  await expect(done).toContainText("A bounce charge of ₹500 is added. The parent is told by e-mail and SMS.");
  await expect(school.locator("li", { hasText: "Overdue" })).toHaveCount(overdueBefore);
  await expect(row).toContainText("returned unpaid by the bank");
  await expect(row.getByRole("button", { name: "Returned unpaid…" })).toHaveCount(0);

  // The statement carries the charge, dated today.
  const [statement] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Statement of account (PDF)" }).click()]);
  expect((await pdfText(await readFile((await statement.path())!))).replace(/\s+/g, " ")).toMatch(/Bounce Charge, receipt KVA\/\d{4}-\d{2}\/\d{6}/);
});

/**
 * Messages end to end, on a development server of its own that sends through real protocols to
 * local doubles: SMTP to tests/fakes/smtp.ts (every mail parsed with mailparser) and SMS over
 * MSG91's Flow API to tests/fakes/msg91.ts (which knows only the template ids the office saves).
 *
 * - The office saves the DLT template ids on /admin/messages/templates.
 * - A parent pays a month of Priya Mahato's bus fee: the family's e-mail gets payment_received
 *   (text and HTML, the receipt PDF attached) and its mobile an SMS with the receipt number and
 *   the verify link, which opens 'Valid receipt'.
 * - An application is paid and admitted: the applicant's e-mail and mobile hear of each status.
 * - Fee reminders: the office switches them on, sets today's schedule and presses "Send fee
 *   reminders now"; the Mahato family's e-mail and SMS carry the family pay link, which shows
 *   masked names and both children's dues and pays them all in one payment (a receipt per child
 *   and fee); pressed again, nothing more is queued.
 */
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { startMsg91Fake, type Msg91Fake, type Msg91Message } from "../fakes/msg91";
import { startSmtpFake, type ReceivedMail, type SmtpFake } from "../fakes/smtp";
import { pdfText } from "../support/pdf";
import { addDays, daysBetween, kolkataDate, sessionOf } from "../../app/lib/dates";
import { E2E_ADMIN, extraPort } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { answerOnTestGateway, applyFor, openHydrated } from "./flows";
import { developmentEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";

const PORT = extraPort(17);
const DATA_DIR = `data/e2e-${PORT}`;
const MSG91 = { authKey: "e2e-msg91-auth-key", senderId: "KVASCH" };
/** MSG91's ids of the DLT templates, as the office saves them; the double refuses any other. */
const TEMPLATE_IDS = { payment_received: "kvaPaymentReceived01", application_status: "kvaApplicationStatus01", fee_reminder: "kvaFeeReminder01" } as const;
/** The sample roll's Mahato family (app/features/fees/sample.ts): Arjun, and Priya who takes the bus; one mobile and e-mail. */
const FAMILY = { email: "suresh.mahato@example.com", sms: "919000000022" };
const APPLICANT = { child: "Meera Sen", email: "meera.parent@example.com", sms: "919876543210" };
/** The sample fee book's due day (app/features/fees/sample.ts). */
const DUE_DAY = 15;
/** The worker sends 250 ms after an enqueue and every 5 s; a loaded machine gets room. */
const DELIVERY = { timeout: 30_000, intervals: [250, 500, 1_000] };

let server: SpawnedServer;
let smtp: SmtpFake;
let msg91: Msg91Fake;
/** The office, signed in at desktop width for the whole file. */
let admin: Page;

test.describe.configure({ mode: "serial" });
// Parents pay on phones: the journeys run once, at 390 px; the office works at 1280.
test.skip(({ viewport }) => (viewport?.width ?? 0) >= 500, "runs once, at 390 px");

test.beforeAll(async ({ browser }) => {
  // The skip above does not stop hooks: only one project may start this server.
  if ((test.info().project.use.viewport?.width ?? 0) >= 500) return;
  // A new PGlite folder (initdb and migrations) took 30 s on a loaded machine, before the server starts.
  test.setTimeout(START_TIMEOUT_MS + 90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  // The server's daily job runs as it starts, on the real clock: from the reminder hour on a
  // reminder day it would remind every family before the test could. The office starts with fee
  // reminders switched off, so only the test's "Send fee reminders now" reminds anyone.
  const { openDatabase } = await import("../../app/db/client.server");
  const { saveMessageSettings } = await import("../../app/core/messages/settings.server");
  const { DEFAULT_MESSAGE_SETTINGS } = await import("../../app/core/messages/settings");
  const seeded = await openDatabase({ pgliteDir: `${DATA_DIR}/pglite` });
  await seeded.migrate();
  const { SYSTEM_ACTOR } = await import("../../app/core/audit/audit.server");
  await saveMessageSettings(seeded.db, { ...DEFAULT_MESSAGE_SETTINGS, off: ["fee_reminder"] }, SYSTEM_ACTOR);
  await seeded.close();

  smtp = await startSmtpFake();
  msg91 = await startMsg91Fake({ authKey: MSG91.authKey, senderIds: [MSG91.senderId], templateIds: Object.values(TEMPLATE_IDS) });
  server = await spawnServer(
    PORT,
    developmentEnv(PORT, {
      PAYMENT_PROVIDER: "mock",
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
      MAIL_FROM: '"KVA School (e2e)" <school@e2e.example>',
      OFFICE_EMAIL: "office@e2e.example",
      SMS_PROVIDER: "msg91",
      MSG91_AUTH_KEY: MSG91.authKey,
      MSG91_SENDER_ID: MSG91.senderId,
      MSG91_API_URL: msg91.url,
    }),
  );
  admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await admin.goto(`${server.origin}/admin/login`);
  await signIn(admin, E2E_ADMIN);
});
test.afterAll(async () => {
  await admin?.context().close();
  await server?.stop();
  await smtp?.stop();
  await msg91?.stop();
});
test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

/** The mails to `to` whose subject matches `subject`, as received so far. */
const mailsTo = (to: string, subject: RegExp): ReceivedMail[] => smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject ?? ""));
/** The SMS of template `kind` to `mobile` (91 and 10 digits), as received so far. */
const smsTo = (mobile: string, kind: keyof typeof TEMPLATE_IDS): Msg91Message[] => msg91.messages.filter((m) => m.mobile === mobile && m.templateId === TEMPLATE_IDS[kind]);

/** Waits until exactly `count` mails to `to` match `subject`; returns them. */
async function expectMails(to: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  await expect.poll(() => mailsTo(to, subject).length, { ...DELIVERY, message: `e-mails to ${to} matching ${subject}` }).toBe(count);
  return mailsTo(to, subject);
}

/** Waits until exactly `count` SMS of `kind` reached `mobile`; returns them. */
async function expectSms(mobile: string, kind: keyof typeof TEMPLATE_IDS, count = 1): Promise<Msg91Message[]> {
  await expect.poll(() => smsTo(mobile, kind).length, { ...DELIVERY, message: `${kind} SMS to ${mobile}` }).toBe(count);
  return smsTo(mobile, kind);
}

/** The only PDF attached to `mail`, checked to be one. */
function pdfAttachment(mail: ReceivedMail): Buffer {
  expect(mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
  const pdf = mail.attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdf;
}

/** Presses "Send fee reminders now" and returns the line the office is shown. */
async function sendRemindersNow(): Promise<string> {
  await admin.goto(`${server.origin}/admin/messages`);
  await admin.getByRole("button", { name: "Send fee reminders now" }).click();
  const notice = admin.getByTestId("reminders-notice");
  await expect(notice).toBeFocused();
  await expect(notice).toContainText("fee reminders", { ignoreCase: true });
  return (await notice.textContent())!.trim();
}

/**
 * The reminder days that make today, and tomorrow should the test cross midnight IST, a
 * reminder day for the sample fee book (every month due on the 15th; nothing paid but Priya's
 * first bus month): the days overdue of the latest due day before today or, before the
 * session's first due day, the days left until it. 15 days before is always in, so the reminder
 * lists what the family's page shows (months falling due within 15 days). Null when no reminder
 * can fall today (the session's first due day itself: no day 0 in a schedule).
 */
function scheduleForToday(today: string): { daysBefore: number[]; daysOverdue: number[]; stage: "overdue" | "before" } | null {
  const firstDue = `${sessionOf(today).slice(0, 4)}-04-${DUE_DAY}`;
  const thisMonth = `${today.slice(0, 7)}-${DUE_DAY}`;
  const latestDue = thisMonth < today ? thisMonth : `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-${DUE_DAY}`;
  if (latestDue >= firstDue) {
    const late = daysBetween(latestDue, today);
    return { daysBefore: [15], daysOverdue: [late, late + 1], stage: "overdue" };
  }
  const left = daysBetween(today, firstDue);
  if (left === 0) return null;
  return { daysBefore: [...new Set([15, left, left - 1])].filter((d) => d >= 1), daysOverdue: [1], stage: "before" };
}

test("the office saves the SMS template ids, and the page names both channels", async () => {
  await admin.goto(`${server.origin}/admin/messages/templates`);
  await expect(admin.getByRole("heading", { name: "Message templates" })).toBeVisible();
  await expect(admin.getByText("Messages: e-mail via 127.0.0.1; SMS via MSG91; office address office@e2e.example.")).toBeVisible();
  const labels = { payment_received: "Payment received, with the receipt (to the parent)", application_status: "Application status changed (to the parent)", fee_reminder: "Fee reminder (to the family)" };
  for (const [kind, id] of Object.entries(TEMPLATE_IDS) as [keyof typeof TEMPLATE_IDS, string][]) {
    const card = admin.getByTestId(`kind-${kind}`);
    await card.getByLabel("DLT template id (as the SMS provider knows it)").fill(id);
    await card.getByRole("button", { name: "Save template id" }).click();
    await expect(admin.getByTestId("templates-notice")).toHaveText(`${labels[kind]}: DLT template id saved.`);
  }
  await admin.reload();
  for (const [kind, id] of Object.entries(TEMPLATE_IDS)) await expect(admin.getByTestId(`kind-${kind}`).getByLabel("DLT template id (as the SMS provider knows it)")).toHaveValue(id);
});

test("a fee paid online: the receipt by e-mail (text, HTML, the PDF) and by SMS with its number and verify link", async ({ page }) => {
  test.setTimeout(90_000);
  await openHydrated(page, `${server.origin}/bus-fee-payment`);
  await page.getByLabel("Admission number").fill("2023/0150");
  await page.getByLabel("Student's date of birth").fill("2019-08-12");
  await page.getByRole("button", { name: "Find student" }).click();
  await expect(page.getByTestId("student-name")).toHaveText("P**** M*****");
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "See the total" }).click();
  const total = (await page.getByTestId("fee-total").textContent())!.trim();
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Payment Successful!");

  const [mail] = await expectMails(FAMILY.email, /^Payment received: /);
  expect(mail!.subject).toBe("Payment received: Bus fee, Priya Mahato");
  expect(mail!.envelopeFrom).toBe("school@e2e.example");
  expect(mail!.from).toContain("school@e2e.example");
  expect(mail!.text).toContain(`We have received ${total} for Priya Mahato (Bus fee). The receipt is attached to this e-mail.`);
  expect(mail!.html).toContain("Thank you: payment received");
  expect(mail!.attachments[0]?.filename).toMatch(/^receipt-KVA-\d{4}-\d{2}-\d{6}\.pdf$/);
  const receipt = (await pdfText(pdfAttachment(mail!))).replace(/\s+/g, " ");
  const number = /Receipt No\. (KVA\/\d{4}-\d{2}\/\d{6})/.exec(receipt)?.[1];
  const verifyUrl = /(http:\/\/localhost:\d+\/verify-receipt\/[\w-]{24})/.exec(receipt)?.[1];
  expect(number, receipt).toBeTruthy();
  expect(verifyUrl, receipt).toBeTruthy();
  expect(receipt).toContain("Priya Mahato");
  expect(mail!.text).toContain(number!);
  expect(mail!.text).toContain(verifyUrl!);

  const [sms] = await expectSms(FAMILY.sms, "payment_received");
  expect(sms!.sender).toBe(MSG91.senderId);
  expect(sms!.variables).toEqual({ amount: total.replace("₹", ""), student: "Priya Mahato", purpose: "Bus fee", receipt: number, link: verifyUrl });

  await page.goto(sms!.variables.link!);
  await expect(page.locator("h1")).toHaveText("Valid receipt");
  await expect(page.getByText(number!)).toBeVisible();
});

test("an application paid and admitted: each status by e-mail and SMS to the applicant, who then pays the admission fee online with the admission number", async ({ page }) => {
  test.setTimeout(90_000);
  await applyFor(page, server.origin, APPLICANT.child, { email: APPLICANT.email });
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Application received!");
  const acknowledgement = (await page.getByRole("link", { name: "View acknowledgement" }).getAttribute("href"))!;
  await page.goto(`${server.origin}${acknowledgement}`);
  const number = (await page.getByTestId("application-number").textContent())!.trim();

  await admin.goto(`${server.origin}/admin/applications/${acknowledgement.split("/").pop()}`);
  await admin.getByRole("button", { name: "Start review" }).click();
  await expect(admin.getByRole("button", { name: "Admit" })).toBeVisible();
  await admin.getByRole("button", { name: "Admit" }).click();
  await admin.getByTestId("confirm-decision").getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("history")).toContainText("Added to the roll as");
  const admissionNumber = /Added to the roll as (\S+);/.exec((await admin.getByTestId("history").textContent())!)![1]!;

  const [admitted] = await expectMails(APPLICANT.email, new RegExp(`^Application ${number.replaceAll("/", "\\/")}: Admitted$`));
  expect(admitted!.text).toContain(`Dear Parent of ${APPLICANT.child},`);
  expect(admitted!.text).toContain("We are delighted to offer your child a place.");
  expect(admitted!.text).toContain(`${server.origin}/admissions/status`);
  expect(admitted!.text).toContain(`The admission number is ${admissionNumber}.`);
  expect(admitted!.html).toContain(`Application ${number}: Admitted`);
  await expectMails(APPLICANT.email, new RegExp(`^Application ${number.replaceAll("/", "\\/")}: Under review$`));

  const statuses = await expectSms(APPLICANT.sms, "application_status", 2);
  expect(statuses.map((s) => s.variables.status)).toEqual(expect.arrayContaining(["Under review", `Admitted, adm. no. ${admissionNumber}`]));
  expect(statuses.find((s) => s.variables.status!.startsWith("Admitted"))!.variables).toEqual({ number, child: APPLICANT.child, status: `Admitted, adm. no. ${admissionNumber}`, link: `${server.origin}/admissions/status` });

  // The parent sees the admission number on the status page and pays the first fees online at
  // once, the admission fee among them, though the child joins next April.
  await openHydrated(page, `${server.origin}/admissions/status`);
  await page.getByLabel("Application number").fill(number);
  await page.getByLabel("Mobile number").fill(APPLICANT.sms.slice(2));
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page.getByTestId("admission-number")).toHaveText(admissionNumber);
  await page.getByRole("link", { name: "Pay the fees" }).click();
  await page.getByLabel("Admission number").fill(admissionNumber);
  await page.getByLabel("Student's date of birth").fill("2021-06-15");
  await page.getByRole("button", { name: "Find student" }).click();
  await expect(page.getByTestId("student-name")).toHaveText("M**** S**");
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "See the total" }).click();
  const total = (await page.getByTestId("fee-total").textContent())!;
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Payment Successful!");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download receipt/ }).first().click()]);
  const receipt = (await pdfText(await readFile((await download.path())!))).replace(/\s+/g, " ");
  expect(receipt).toContain(`Admission No. ${admissionNumber}`);
  expect(receipt).toContain("Admission Fee");
  expect(receipt).toContain(`Total paid ${total}`);
});

test("fee reminders: sent now by the office, the family's link pays both children at once, and pressing again queues none", async ({ page }) => {
  test.setTimeout(120_000);
  const today = kolkataDate(new Date());
  const schedule = scheduleForToday(today);
  // The button reminds the families owing fees past their due date: none before the session's first due day.
  test.skip(schedule?.stage !== "overdue", `nothing is overdue yet on ${today}`);

  // Switched off, the button sends nothing and says so.
  expect(await sendRemindersNow()).toBe("Fee reminders are switched off: none were queued. Switch them on under Templates, switches and schedule to send them.");
  await admin.goto(`${server.origin}/admin/messages/templates`);
  await admin.getByTestId("kind-fee_reminder").getByRole("button", { name: "Switch on" }).click();
  await expect(admin.getByTestId("templates-notice")).toHaveText("Fee reminder (to the family): switched on.");
  await admin.getByLabel("Days before the due day").fill(schedule!.daysBefore.join(", "));
  await admin.getByLabel("Days overdue").fill(schedule!.daysOverdue.join(", "));
  await admin.getByRole("button", { name: "Save schedule" }).click();
  await expect(admin.getByTestId("templates-notice")).toHaveText("Reminder schedule saved.");

  const queued = /^Fee reminders queued for (\d+) famil(?:y|ies) with fees overdue: they go out in the next few seconds\.$/.exec(await sendRemindersNow());
  expect(queued).not.toBeNull();
  const families = Number(queued![1]);
  // Every family reminded has a mobile on the sample roll: one SMS each, the Mahatos' among them.
  await expect.poll(() => new Set(msg91.messages.filter((m) => m.templateId === TEMPLATE_IDS.fee_reminder).map((m) => m.mobile)).size, DELIVERY).toBe(families);
  const [sms] = await expectSms(FAMILY.sms, "fee_reminder");
  const link = sms!.variables.link!;
  expect(link).toMatch(new RegExp(`^${server.origin}/fees/family/[\\w.-]+$`));
  expect(sms!.variables.stage).toBe("overdue since");

  // The SMS and the subject name what is overdue; the e-mail adds what falls due next, and the family's total.
  const [mail] = await expectMails(FAMILY.email, /^Fees overdue: ₹/);
  expect(mail!.subject).toBe(`Fees overdue: ₹${sms!.variables.amount}`);
  expect(mail!.text).toContain(`Overdue: ₹${sms!.variables.amount}, due on`);
  const total = /Total for the family:?\s*₹([\d,]+)/.exec(mail!.text ?? "")![1]!;
  expect(mail!.text).toContain(link);
  expect(mail!.text).toContain("A**** M*****");
  expect(mail!.text).toContain("P**** M*****");
  expect(`${mail!.text}${mail!.html}`).not.toMatch(/Arjun|Priya/);
  expect(mail!.headers["list-unsubscribe"]).toContain(`${server.origin}/messages/stop/`);

  // The family opens the link: masked names, both children's dues, every month ticked, one payment.
  // Priya's first bus month is paid (above): her bus fee is owed again from when May's falls due
  // within the page's 15 days.
  const busOwed = today >= addDays(`${sessionOf(today).slice(0, 4)}-05-${DUE_DAY}`, -15);
  const fees = ["Arjun Mahato, School fee", "Priya Mahato, School fee", ...(busOwed ? ["Priya Mahato, Bus fee"] : [])];
  await openHydrated(page, link);
  await expect(page.locator("h1")).toHaveText("Fees due");
  await expect(page.getByTestId("child-name")).toHaveText(["A**** M*****", "P**** M*****"]);
  await expect(page.getByText("Nothing is due.")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { checked: false })).toHaveCount(0);
  const months = await page.locator('[data-testid^="month-"]').count();
  expect(months).toBeGreaterThanOrEqual(fees.length);
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(months);
  await expect(page.getByTestId("family-total")).toHaveText(`₹${total}`);
  await page.getByRole("button", { name: `Pay ₹${total}` }).click();
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Payment Successful!");
  await expect(page.getByRole("link", { name: /^Download receipt: / })).toHaveText(fees.map((f) => `Download receipt: ${f}`));
  // Each receipt is announced like any fee receipt, by SMS and e-mail, after the bus fee's above.
  const receipts = await expectSms(FAMILY.sms, "payment_received", 1 + fees.length);
  expect(receipts.slice(1).map((r) => `${r.variables.student}, ${r.variables.purpose}`).sort()).toEqual([...fees].sort());
  expect(new Set(receipts.map((r) => r.variables.receipt)).size).toBe(1 + fees.length);
  const receiptMails = await expectMails(FAMILY.email, /^Payment received: /, 1 + fees.length);
  for (const m of receiptMails) pdfAttachment(m);

  // Pressed again the same day: every family has had today's reminder, the Mahatos owe nothing.
  expect(await sendRemindersNow()).toBe("No fee reminders queued: no family owes fees past their due date, or each such family has had today's reminder already.");
  // The outbox holds the family's one reminder of today, by e-mail and SMS.
  await admin.goto(`${server.origin}/admin/messages?kind=fee_reminder&q=${encodeURIComponent("family:9000000022")}`);
  await expect(admin.getByTestId("message-count")).toHaveText("2 messages");
  expect(smsTo(FAMILY.sms, "fee_reminder")).toHaveLength(1);
});

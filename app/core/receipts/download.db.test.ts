/**
 * /receipt-download's look-up on a real database: the right pair finds the receipt,
 * either wrong detail gets the same answer, wrong tries are throttled per IP and per number, and
 * download links are signed and expire.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-receipt-download-"));

const { getDatabase } = await import("~/db/client.server");
const { issueReceipt } = await import("./issue.server");
const { sampleInput, testSeries } = await import("./testing");
const { downloadPath, findForParent, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_NUMBER, readDownloadToken, DOWNLOAD_LINK_MS } = await import("./download.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const SECRET = "test-receipt-secret-0123456789abcdef";
let n = 0;
const ip = () => `10.0.0.${++n}`;

beforeAll(async () => {
  db = (await getDatabase()).db;
});

async function issued(application = false) {
  const input = sampleInput(testSeries());
  if (application) input.student = { ...input.student, admissionNumber: null, applicationNumber: "KVA/ADM/2027-28/0007", mobile: "9876543210" };
  return db.transaction((tx) => issueReceipt(tx, input, { secret: SECRET }));
}

describe("finding a receipt for a parent", () => {
  it("finds it by number and admission number, as typed in any case and spacing", async () => {
    const receipt = await issued();
    const found = await findForParent(db, { by: "admission", receiptNumber: ` ${receipt.number.toLowerCase()} `, admissionNumber: "kva/2021/0042" }, ip());
    expect(found.kind === "found" && found.receipt.id).toBe(receipt.id);
  });

  it("finds an application fee's by application number and mobile; a wrong mobile or number gets the same answer", async () => {
    const receipt = await issued(true);
    const who = ip();
    expect((await findForParent(db, { by: "application", receiptNumber: receipt.number, applicationNumber: "KVA/ADM/2027-28/0007", mobile: "9876543210" }, who)).kind).toBe("found");
    expect(await findForParent(db, { by: "application", receiptNumber: receipt.number, applicationNumber: "KVA/ADM/2027-28/0007", mobile: "9876543211" }, who)).toEqual({ kind: "not_found" });
    expect(await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: "KVA/ADM/2027-28/0007" }, who)).toEqual({ kind: "not_found" });
    expect(await findForParent(db, { by: "admission", receiptNumber: "KVA/2026-27/999999", admissionNumber: "KVA/2021/0042" }, who)).toEqual({ kind: "not_found" });
  });

  it(`throttles an IP after ${MAX_FAILURES_PER_IP} wrong tries, even for the right details`, async () => {
    const receipt = await issued();
    const who = ip();
    // Each wrong try names another receipt, so the per-number limit (lower) is not what stops them.
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await findForParent(db, { by: "admission", receiptNumber: `${receipt.number}-${i}`, admissionNumber: `WRONG${i}` }, who)).kind).toBe("not_found");
    }
    expect((await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: "KVA/2021/0042" }, who)).kind).toBe("throttled");
    expect((await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: "KVA/2021/0042" }, ip())).kind).toBe("found");
    const later = new Date(Date.now() + 16 * 60_000);
    expect((await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: "KVA/2021/0042" }, who, later)).kind).toBe("found");
  });

  it(`throttles a receipt number after ${MAX_FAILURES_PER_NUMBER} wrong tries from many IPs`, async () => {
    const receipt = await issued();
    for (let i = 0; i < MAX_FAILURES_PER_NUMBER; i++) await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: `GUESS${i}` }, ip());
    expect((await findForParent(db, { by: "admission", receiptNumber: receipt.number, admissionNumber: "KVA/2021/0042" }, ip())).kind).toBe("throttled");
  });
});

describe("download links", () => {
  it("are signed and expire after 15 minutes", () => {
    const now = new Date("2026-04-10T10:00:00Z");
    const token = downloadPath(SECRET, 42, now).replace("/receipts/file/", "");
    expect(readDownloadToken(SECRET, token, now)).toBe(42);
    expect(readDownloadToken(SECRET, token, new Date(now.getTime() + DOWNLOAD_LINK_MS + 1))).toBeNull();
    expect(readDownloadToken("another-secret-0123456789abcdefghij", token, now)).toBeNull();
    expect(readDownloadToken(SECRET, token.replace(/^42\./, "43."), now)).toBeNull();
    expect(readDownloadToken(SECRET, "../../etc/passwd", now)).toBeNull();
  });
});

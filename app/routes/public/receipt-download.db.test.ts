/**
 * /receipt-download's action on a real database: an application fee's receipt is found with the
 * registered mobile however the parent writes it (the site's one mobile rule, app/lib/phone.ts),
 * and a number that is not a mobile gets the SPEC §5 message with what was typed kept.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-receipt-download-route-"));

const { getDatabase } = await import("~/db/client.server");
const { issueReceipt } = await import("~/core/receipts/issue.server");
const { sampleInput, testSeries } = await import("~/core/receipts/testing");
const { action } = await import("./receipt-download");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
type Answer = { data: { kind: string; message?: string; number?: string; values?: Record<string, string> } };
let db: Db;
let n = 0;

beforeAll(async () => {
  db = (await getDatabase()).db;
});

async function applicationFeeReceipt() {
  const input = sampleInput(testSeries());
  input.student = { ...input.student, admissionNumber: null, applicationNumber: "KVA/ADM/2027-28/0042", mobile: "9876543210" };
  return db.transaction((tx) => issueReceipt(tx, input, { secret: "test-receipt-secret-0123456789abcdef" }));
}

async function post(fields: Record<string, string>): Promise<Answer["data"]> {
  const request = new Request("http://localhost/receipt-download", { method: "POST", body: new URLSearchParams(fields) });
  const answer = (await action({ request, params: {}, context: { cspNonce: "", clientIp: `10.9.0.${++n}`, now: new Date() } } as never)) as Answer;
  return answer.data;
}

describe("/receipt-download with the registered mobile", () => {
  it.each(["+91 98765-43210", "9876543210", "098765 43210", "(+91) 98765 43210"])("finds an application fee's receipt for the mobile written as %s", async (typed) => {
    const receipt = await applicationFeeReceipt();
    const answer = await post({ by: "application", receiptNumber: receipt.number, applicationNumber: "KVA/ADM/2027-28/0042", mobile: typed });
    expect(answer).toMatchObject({ kind: "found", number: receipt.number });
  });

  it("refuses a number that is not a mobile with the site's message and keeps what was typed", async () => {
    const receipt = await applicationFeeReceipt();
    const answer = await post({ by: "application", receiptNumber: receipt.number, applicationNumber: "KVA/ADM/2027-28/0042", mobile: "+91 12345-43210" });
    expect(answer).toMatchObject({ kind: "error", message: "Please enter a valid 10-digit mobile number", values: { mobile: "+91 12345-43210" } });
  });
});

/**
 * The MSG91 provider against its local double (tests/fakes/msg91.ts) over real HTTP: what the
 * request carries, and how each answer or failure is classified for the outbox.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startMsg91Fake, type Msg91Fake } from "../../../tests/fakes/msg91";
import type { SmsMessage } from "./channel";
import { Msg91Provider, retryAfterMs, type Msg91Options } from "./msg91.server";

const AUTH_KEY = "412345AbCdEfGhIjKlMn6543";
const TEMPLATE = "66b74800d6fc05f1a2b3c4d5";

let fake: Msg91Fake;
let logged: string[];

function provider(overrides: Partial<Msg91Options> = {}) {
  return new Msg91Provider({ authKey: AUTH_KEY, senderId: "KVASCH", apiUrl: fake.url, log: (line) => logged.push(line), ...overrides });
}

function message(overrides: Partial<SmsMessage> = {}): SmsMessage {
  return {
    to: "9876543210",
    templateId: TEMPLATE,
    variables: { name: "Asha", amount: "₹12,500" },
    text: "Dear parent, fee of ₹12,500 received for Asha. -KVA",
    reference: "msg_01",
    ...overrides,
  };
}

beforeEach(async () => {
  fake = await startMsg91Fake({ authKey: AUTH_KEY, templateIds: [TEMPLATE], senderIds: ["KVASCH"] });
  logged = [];
});

afterEach(async () => {
  await fake.stop();
});

describe("Msg91Provider: the request", () => {
  it("sends MSG91's Flow body: the template, the DLT header as sender, 91 + the 10 digits, the variables by name", async () => {
    const result = await provider().send(message());

    expect(result.ok).toBe(true);
    expect(fake.messages).toHaveLength(1);
    const sent = fake.messages[0]!;
    expect(sent.body).toEqual({
      template_id: TEMPLATE,
      sender: "KVASCH",
      short_url: "0",
      recipients: [{ mobiles: "919876543210", name: "Asha", amount: "₹12,500" }],
    });
    expect(sent.mobile).toMatch(/^91[6-9]\d{9}$/);
    expect(sent.variables).toEqual({ name: "Asha", amount: "₹12,500" });
    // The key travels only in the header; MSG91 has no idempotency key to carry.
    expect(JSON.stringify(sent.body)).not.toContain(AUTH_KEY);
    expect(sent.idempotencyKey).toBeNull();
  });

  it("refuses, without a request, a number that is not 10 digits and a DLT template id given for MSG91's", async () => {
    const badNumber = await provider().send(message({ to: "919876543210" }));
    const dltId = await provider().send(message({ templateId: "1107161234567890123" }));
    const mobilesVariable = await provider().send(message({ variables: { mobiles: "x" } }));

    expect(badNumber).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining("10-digit") });
    expect(dltId).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining("DLT template id") });
    expect(mobilesVariable).toMatchObject({ ok: false, permanent: true });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses settings that cannot work: an empty key, a sender that is not a 6-letter header", () => {
    expect(() => provider({ authKey: " " })).toThrow(/auth key/);
    expect(() => provider({ senderId: "KVA" })).toThrow(/sender id/);
  });
});

describe("Msg91Provider: classifying the answer", () => {
  it("maps MSG91's request id to providerMessageId and logs our reference beside it", async () => {
    const result = await provider().send(message({ reference: "msg_42" }));

    expect(result).toEqual({ ok: true, providerMessageId: fake.messages[0]!.requestId });
    expect(logged).toEqual([`SMS msg_42 via msg91 template ${TEMPLATE}: sent, request ${fake.messages[0]!.requestId}`]);
  });

  it("429 with Retry-After is retryable after that many ms; nothing more is sent", async () => {
    fake.rateLimit(1);
    const sms = provider();

    const first = await sms.send(message({ reference: "a" }));
    const second = await sms.send(message({ reference: "b" }));

    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, permanent: false, retryAfterMs: 1000 });
    expect(fake.messages).toHaveLength(1);
  });

  it("500 is retryable, and the next attempt goes through", async () => {
    fake.failNext(1, 500);
    const sms = provider();

    const failed = await sms.send(message());
    const retried = await sms.send(message());

    expect(failed).toMatchObject({ ok: false, permanent: false, error: expect.stringContaining("HTTP 500") });
    expect(failed).not.toHaveProperty("retryAfterMs");
    expect(retried.ok).toBe(true);
  });

  it("an invalid number, an unknown template and a refused key are permanent, with MSG91's message", async () => {
    fake.invalidMobiles.add("9000000001");

    const invalid = await provider().send(message({ to: "9000000001" }));
    const template = await provider().send(message({ templateId: "66b74800d6fc05ffffffffff" }));
    const auth = await provider({ authKey: "wrong-key" }).send(message());

    expect(invalid).toEqual({ ok: false, permanent: true, error: "HTTP 400: Invalid mobile number: 919000000001" });
    expect(template).toEqual({ ok: false, permanent: true, error: "HTTP 400: Invalid template id" });
    expect(auth).toEqual({ ok: false, permanent: true, error: "HTTP 401: Authentication failure" });
    expect(fake.messages).toHaveLength(0);
  });

  it("no answer within timeoutMs is retryable, and the wait ends at the timeout", async () => {
    fake.delayNext(1, 2000);
    const started = Date.now();

    const result = await provider({ timeoutMs: 200 }).send(message());

    expect(result).toEqual({ ok: false, permanent: false, error: "no answer within 200 ms" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("an answer that is not MSG91's JSON is retryable, never a crash", async () => {
    fake.garbleNext(1);
    const html = await provider().send(message());
    fake.failNext(1, 200, JSON.stringify({ status: "queued" }));
    const wrongShape = await provider().send(message());
    fake.failNext(1, 200, JSON.stringify({ type: "success" }));
    const noId = await provider().send(message());

    expect(html).toMatchObject({ ok: false, permanent: false, error: expect.stringContaining("not JSON") });
    expect(wrongShape).toMatchObject({ ok: false, permanent: false, error: expect.stringContaining("unreadable answer") });
    expect(noId).toMatchObject({ ok: false, permanent: false });
  });

  it("a 200 with type error is permanent, except a low balance, which the school can fix", async () => {
    fake.failNext(1, 200, JSON.stringify({ type: "error", message: "Template not approved" }));
    const refused = await provider().send(message());
    fake.failNext(1, 200, JSON.stringify({ type: "error", message: "Insufficient balance" }));
    const balance = await provider().send(message());

    expect(refused).toEqual({ ok: false, permanent: true, error: "Template not approved" });
    expect(balance).toEqual({ ok: false, permanent: false, error: "Insufficient balance" });
  });

  it("a refused connection is retryable; once MSG91 is back the same message goes through", async () => {
    await fake.down();
    const down = await provider().send(message());
    await fake.up();
    const back = await provider().send(message());

    expect(down).toMatchObject({ ok: false, permanent: false, error: expect.stringMatching(/^network: /) });
    expect(back.ok).toBe(true);
    expect(fake.messages).toHaveLength(1);
  });

  it("never puts the auth key in an error or a log line, even when a failure echoes it", async () => {
    const echoing: typeof fetch = async () => {
      throw new Error(`socket hang up (authkey: ${AUTH_KEY})`);
    };

    const result = await provider({ fetch: echoing }).send(message());
    fake.failNext(1, 502, JSON.stringify({ type: "error", message: `bad key ${AUTH_KEY}` }));
    const echoed = await provider().send(message());

    expect(result).toEqual({ ok: false, permanent: false, error: "network: socket hang up (authkey: [authkey])" });
    expect(echoed).toMatchObject({ ok: false, error: "HTTP 502: bad key [authkey]" });
    expect(logged).toHaveLength(2);
    expect(logged.join("\n")).not.toContain(AUTH_KEY);
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-06-01T10:00:00Z");

  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("Mon, 01 Jun 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Mon, 01 Jun 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

/**
 * The SMS pacing: a provider's rate limit is kept by waiting, never by refusing a message; and
 * the worker's channels follow the configuration (a channel missing a setting is absent, so its
 * messages are held rather than sent somewhere wrong); what the office reads after "Send fee
 * reminders now".
 */
import { describe, expect, it } from "vitest";
import { paced, remindersNowLine, workerDeps } from "./messages.server";
import { parseConfig } from "~/lib/config.server";
import type { SmsMessage, SmsProvider } from "~/core/messages/channel";

const message = (n: number): SmsMessage => ({ to: "9876543210", templateId: "t", variables: {}, text: `m${n}`, reference: `r${n}` });

describe("paced", () => {
  it("sends at most perSecond a second, each send waiting its turn, none refused", async () => {
    const at: number[] = [];
    const provider: SmsProvider = { name: "stub", send: async () => (at.push(Date.now()), { ok: true, providerMessageId: null }) };
    const limited = paced(provider, 2);
    const t0 = Date.now();
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => limited.send(message(n))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(at).toHaveLength(5);
    // Two in the first second, two in the next, the fifth in the third.
    expect(at.filter((t) => t - t0 < 900)).toHaveLength(2);
    expect(at[4]! - t0).toBeGreaterThanOrEqual(1_900);
  });
});

describe("workerDeps", () => {
  const base = { DATA_DIR: "/tmp/kva-messages-deps", PUBLIC_SITE_URL: "https://www.kva.example" };
  it("has no channel with nothing configured, and the site's host in Message-IDs", () => {
    const deps = workerDeps(parseConfig(base));
    expect(deps.email).toBeNull();
    expect(deps.sms).toBeNull();
    expect(deps.messageIdHost).toBe("www.kva.example");
  });
  it("has SMS only with the provider, its key and its sender id", () => {
    expect(workerDeps(parseConfig({ ...base, SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k" })).sms).toBeNull();
    expect(workerDeps(parseConfig({ ...base, SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k", MSG91_SENDER_ID: "KVASCH" })).sms?.name).toBe("msg91");
    const deps = workerDeps(parseConfig({ ...base, SMTP_URL: "smtp://127.0.0.1:2525" }));
    expect(deps.email).not.toBeNull();
    deps.email?.close();
  });
});

describe("remindersNowLine", () => {
  it("says why none went, or how many families were reminded", () => {
    expect(remindersNowLine({ off: true })).toBe("Fee reminders are switched off: none were queued. Switch them on under Templates, switches and schedule to send them.");
    expect(remindersNowLine({ off: false, queued: 0, held: false })).toBe("No fee reminders queued: no family owes fees past their due date, or each such family has had today's reminder already.");
    expect(remindersNowLine({ off: false, queued: 1, held: false })).toBe("Fee reminders queued for 1 family with fees overdue: they go out in the next few seconds.");
    expect(remindersNowLine({ off: false, queued: 5, held: true })).toBe("Fee reminders queued for 5 families with fees overdue. No e-mail or SMS provider is set up, so they are held below and nothing leaves until one is.");
  });
});

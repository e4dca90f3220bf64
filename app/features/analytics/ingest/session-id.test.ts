import { describe, expect, it } from "vitest";
import { SESSION_KEY, SESSION_RENEW_MS, newSessionId, sessionId } from "./session-id";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe("tracker session id (SPEC §4: renewed after 2 hours)", () => {
  it("creates one, keeps it for 2 hours less 1 ms, and renews it at 2 hours", () => {
    const storage = memoryStorage();
    let n = 0;
    const create = () => `id${++n}xxxxxxxx`;
    const t0 = 1_700_000_000_000;
    expect(sessionId(storage, t0, create)).toBe("id1xxxxxxxx");
    expect(storage.map.get(SESSION_KEY)).toBe(`id1xxxxxxxx.${t0}`);
    expect(sessionId(storage, t0 + SESSION_RENEW_MS - 1, create)).toBe("id1xxxxxxxx");
    expect(sessionId(storage, t0 + SESSION_RENEW_MS, create)).toBe("id2xxxxxxxx");
    expect(sessionId(storage, t0 + SESSION_RENEW_MS + 10, create)).toBe("id2xxxxxxxx");
    expect(SESSION_RENEW_MS).toBe(7_200_000);
  });

  it("renews a malformed value and survives storage that throws", () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_KEY, "garbage");
    expect(sessionId(storage, 5, () => "fresh-id-123")).toBe("fresh-id-123");
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => undefined };
    expect(sessionId(broken, 5, () => "fallback-id-1")).toBe("fallback-id-1");
  });

  it("makes 32 hex characters, which the beacon schema accepts", () => {
    expect(newSessionId()).toMatch(/^[0-9a-f]{32}$/);
  });
});

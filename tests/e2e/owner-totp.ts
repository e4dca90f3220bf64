/**
 * The e2e owner's second factor (ADMIN_EMAIL must sign in with a TOTP code): set up once per
 * server and known to every Playwright worker. The otpauth:// URI is kept in the server's data
 * folder (data/e2e-<port>/), so it lives and goes with that server's database; whoever comes
 * first sets it up while holding a lock folder beside it, so parallel workers never set it up
 * twice. The main server's is set up by global-setup.ts before any test runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { enrolOverHttp, signInOverHttp } from "../support/two-factor-http";
import { E2E_ADMIN } from "./env";

/** The file holding the owner's URI for the server on `origin` (its DATA_DIR is data/e2e-<port>). */
export function ownerUriFile(origin: string): string {
  return `data/e2e-${new URL(origin).port}/e2e-owner-totp-uri.txt`;
}

const LOCK_STALE_MS = 120_000;

/**
 * The otpauth:// URI of the owner (`owner`: E2E_ADMIN unless the server has another
 * ADMIN_EMAIL) on `origin`, setting the second factor up the first time.
 */
export async function ownerTotpUri(origin: string, owner: { email: string; password: string } = E2E_ADMIN): Promise<string> {
  const file = ownerUriFile(origin);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return readFileSync(file, "utf8").trim();
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is setting it up: wait for its file (or take over a lock it left behind).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      if (existsSync(file)) continue;
      const signedIn = await signInOverHttp(origin, owner);
      if (signedIn.askedForCode) throw new Error(`the owner on ${origin} has a second factor but ${file} is missing: remove ${file.replace(/\/[^/]+$/, "")} to start afresh`);
      const { uri } = await enrolOverHttp(origin, owner, signedIn.cookie);
      writeFileSync(file, `${uri}\n`);
      return uri;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

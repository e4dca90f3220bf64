/**
 * Creates the administrator account, or resets its password (SPEC §6; DESIGN.md §6).
 *
 *   npm run admin:create -- --email office@school.example [--password '…at least 12…']
 *
 * Without --password a password is generated and printed once. Resetting ends the account's
 * sessions. With the embedded database, stop the server first: PGlite allows one process.
 */
import { parseArgs } from "node:util";
import { getDatabase } from "~/db/client.server";
import { ensureAdminAccount } from "~/features/auth/admin-account.server";
import { getConfig } from "~/lib/config.server";
import { messageOf } from "~/lib/errors";

async function serverIsRunning(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.status > 0;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
  });
  const config = getConfig();
  const email = values.email ?? config.adminEmail;
  if (!config.databaseUrl && (await serverIsRunning(config.port))) {
    console.error(`The server is running on port ${config.port}. Stop it first: the embedded database can be opened by one process at a time.`);
    return 1;
  }
  if (email.toLowerCase() !== config.adminEmail) {
    console.warn(`Note: ${email} is not ADMIN_EMAIL (${config.adminEmail}), so it will sign in as USER, not ADMIN (SPEC §6).`);
  }
  const handle = await getDatabase();
  try {
    const result = await ensureAdminAccount({ email, password: values.password, reset: true });
    const verb = result.outcome === "created" ? "Created" : "Reset the password of";
    console.log(`${verb} ${result.email}.`);
    if (result.generatedPassword) console.log(`Password (shown once): ${result.generatedPassword}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(messageOf(error));
    process.exit(1);
  },
);

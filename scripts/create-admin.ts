/**
 * Creates the administrator account, or resets its password (SPEC §6; DESIGN.md §6), or clears
 * its second factor (a lost phone).
 *
 *   npm run admin:create -- --email office@school.example [--password '…at least 12…']
 *   npm run admin:create -- --reset-two-factor [--email …] [--password …]
 *
 * Without --password a password is generated and printed once. Resetting ends the account's
 * sessions. --reset-two-factor clears the second factor and keeps the password (unless
 * --password is given too); the next sign-in sets a new one up. With the embedded database,
 * stop the server first: PGlite allows one process.
 */
import { parseArgs } from "node:util";
import { getDatabase } from "~/db/client.server";
import { ensureAdminAccount } from "~/features/auth/admin-account.server";
import { clearSecondFactor } from "~/features/auth/two-factor/set-up.server";
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
    options: { email: { type: "string" }, password: { type: "string" }, "reset-two-factor": { type: "boolean" } },
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
    if (values["reset-two-factor"]) {
      if (!(await clearSecondFactor(email))) {
        console.error(`There is no account for ${email}.`);
        return 1;
      }
      console.log(`Cleared the second factor of ${email} and ended its sessions: its next sign-in sets up a new one.`);
      if (values.password === undefined) return 0;
    }
    const result = await ensureAdminAccount({ email, password: values.password, reset: true });
    const verb = result.outcome === "created" ? "Created" : "Reset the password of";
    console.log(`${verb} ${result.email}.`);
    if (result.generatedPassword) console.log(`Password (shown once): ${result.generatedPassword}`);
    if (result.outcome === "reset" && !values["reset-two-factor"]) console.log("Its second factor is unchanged; a lost phone as well? Run again with --reset-two-factor.");
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

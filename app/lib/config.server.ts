/**
 * Server configuration, parsed once from the environment with zod (DESIGN.md §4).
 *
 * The configuration is chosen by APP_ENV, which defaults to NODE_ENV: `npm start` runs the
 * built site with NODE_ENV=production whatever the operator set (React's production build,
 * React Router's production mode), and first records the operator's choice in APP_ENV
 * (server/index.ts), so a fresh clone keeps the development defaults.
 *
 * - Development (APP_ENV unset or not "production"): every variable has a default, so
 *   `npm start` works on a fresh clone. Secrets are generated once and kept in DATA_DIR.
 * - Production (APP_ENV=production, or NODE_ENV=production without APP_ENV): PUBLIC_SITE_URL,
 *   AUTH_SECRET, ADMIN_EMAIL and RECEIPT_SECRET are required. When any is missing, `getConfig()` still returns a usable
 *   object but `missing` lists the names, and the server answers every page with the SPEC §2
 *   Configuration Error screen (HTTP 503) after logging
 *   `Missing required environment variables: A, B` (SPEC §5).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Names that must be set in production (DESIGN.md §4). */
export const REQUIRED_IN_PRODUCTION = [
  "PUBLIC_SITE_URL",
  "AUTH_SECRET",
  "ADMIN_EMAIL",
  "RECEIPT_SECRET",
] as const;

/** The sample administrator address used in development; obviously not a real inbox. */
export const SAMPLE_ADMIN_EMAIL = "admin@kva-school.example";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: optionalString,
  APP_ENV: optionalString.pipe(z.enum(["development", "production"]).optional()),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: optionalString.default("127.0.0.1"),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  DATA_DIR: optionalString.default("./data"),
  PUBLIC_SITE_URL: optionalString.pipe(z.url().optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  PAYMENT_PROVIDER: z.enum(["mock", "icici_eazypay", "razorpay"]).default("mock"),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: optionalString.pipe(z.url().optional()),
  ICICI_MERCHANT_ID: optionalString,
  ICICI_AES_KEY: optionalString,
  ICICI_SUB_MERCHANT_IDS: optionalString,
  ICICI_MANDATORY_FIELDS: optionalString,
  ICICI_OPTIONAL_FIELDS: optionalString,
  ICICI_ENVIRONMENT: optionalString.pipe(z.enum(["uat", "production"]).optional()),
  ICICI_URL_ENCODING: optionalString.pipe(z.enum(["percent", "raw"]).optional()),
  ICICI_GATEWAY_URL: optionalString.pipe(z.url().optional()),
  RECEIPT_SECRET: optionalString.pipe(z.string().min(32).optional()),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_POSTS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  RATE_LIMIT_BEACONS: z.coerce.number().int().min(1).max(1_000_000).default(1_200),
  RATE_LIMIT_RENDERED: z.coerce.number().int().min(1).max(1_000_000).default(600),
  RATE_LIMIT_STATIC: z.coerce.number().int().min(1).max(1_000_000).default(12_000),
  GEO_PROVIDER_URL: optionalString.pipe(z.url().includes("{ip}", { message: "must contain {ip}" }).optional()),
  SMTP_URL: optionalString.pipe(z.url().refine((u) => /^smtps?:\/\//.test(u), "must start smtp:// or smtps://").optional()),
  MAIL_FROM: optionalString,
  OFFICE_EMAIL: optionalString.pipe(z.email().optional()),
  SMTP_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(5),
  SMS_PROVIDER: optionalString.pipe(z.enum(["msg91"]).optional()),
  MSG91_AUTH_KEY: optionalString,
  MSG91_SENDER_ID: optionalString.pipe(z.string().regex(/^[A-Z]{6}$/, "must be the 6-letter DLT header").optional()),
  MSG91_API_URL: optionalString.pipe(z.url().optional()),
  SMS_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
});

export type Config = {
  production: boolean;
  port: number;
  host: string;
  /** PostgreSQL URL, or undefined for embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections each process keeps at most, and how long a request waits for one (ms) before it fails as "database unavailable". */
  databasePool: { max: number; waitMs: number };
  /** Absolute path of the data folder. */
  dataDir: string;
  /** Site origin without a trailing slash, e.g. "https://www.example.in". */
  publicSiteUrl: string;
  authSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  /** The gateway for new payments; its settings are checked by app/core/payments/settings.server.ts. */
  paymentProvider: "mock" | "icici_eazypay" | "razorpay";
  /** `apiUrl` replaces https://api.razorpay.com (a local test double). */
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiUrl?: string };
  /**
   * ICICI Eazypay (PAYMENTS.md §A): templates and sub-merchant ids as enrolled with ICICI;
   * `urlEncoding` says whether request names and values are percent-encoded; `gatewayUrl`
   * replaces the environment's host (a local test double).
   */
  icici: {
    merchantId?: string;
    aesKey?: string;
    subMerchantIds?: string;
    mandatoryFields?: string;
    optionalFields?: string;
    environment?: "uat" | "production";
    urlEncoding?: "percent" | "raw";
    gatewayUrl?: string;
  };
  receiptSecret: string;
  /** Number of reverse-proxy hops to trust for the client IP. */
  trustProxy: number;
  /**
   * Requests allowed per client IP (server/rate-limits.ts): `posts` (form posts and sign-ins)
   * per 10 minutes; `beacons` (analytics), `rendered` (pages rendered on request) and `static`
   * (pages served from memory and built files) per minute.
   */
  rateLimits: { posts: number; beacons: number; rendered: number; static: number };
  /**
   * Optional HTTP geolocation service for visitor analytics, with "{ip}" in place of the address
   * (SPEC §7); unset: the offline DB-IP database only.
   */
  geoProviderUrl: string | undefined;
  /**
   * Messages (docs/decisions/022-messages.md). `smtpUrl` unset: e-mails are kept, not sent;
   * `mailFrom` defaults to the school's name and first address (content/school.ts);
   * `officeEmail` (the office's inbox for new enquiries, applications, payment flags and the
   * daily summary) defaults to `adminEmail`. Rates are the providers' limits, messages a second.
   */
  mail: { smtpUrl: string | undefined; from: string | undefined; officeEmail: string; ratePerSecond: number };
  /**
   * SMS through MSG91 (its Flow API; the TRAI DLT entity and template ids are registered with
   * MSG91's template, not sent). `provider` unset, or no key or sender: SMS are kept, not sent.
   */
  sms: { provider: "msg91" | undefined; authKey?: string; senderId?: string; apiUrl?: string; ratePerSecond: number };
  /** Required variables that are missing (production only); empty when configured. */
  missing: string[];
  /** Variables that were set but malformed, as "NAME: reason". */
  invalid: string[];
};

/** Reads `<dataDir>/<name>`, or writes 32 random bytes (hex) there on first use. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * Parses an environment into a Config. Pure apart from development secrets, which are
 * created in DATA_DIR when absent. Never throws: malformed values are reported in `invalid`
 * (and, in production, treated as missing).
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const invalid: string[] = [];
  const cleaned: Record<string, string | undefined> = { ...env };
  let parsed = envSchema.safeParse(cleaned);
  // Drop each malformed variable and parse again, so one typo does not hide the rest.
  while (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? "");
    if (!key || !(key in cleaned)) throw parsed.error;
    invalid.push(`${key}: ${issue?.message ?? "invalid"}`);
    delete cleaned[key];
    parsed = envSchema.safeParse(cleaned);
  }
  const e = parsed.data;
  const production = (e.APP_ENV ?? e.NODE_ENV) === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  const missing = production
    ? REQUIRED_IN_PRODUCTION.filter((name) => e[name] === undefined)
    : [];
  const secret = (value: string | undefined, file: string) =>
    value ?? (production ? "" : persistentSecret(dataDir, file));

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_MS },
    dataDir,
    publicSiteUrl: (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: secret(e.AUTH_SECRET, "auth-secret"),
    adminEmail: (e.ADMIN_EMAIL ?? SAMPLE_ADMIN_EMAIL).toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    paymentProvider: e.PAYMENT_PROVIDER,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: e.RAZORPAY_API_URL,
    },
    icici: {
      merchantId: e.ICICI_MERCHANT_ID,
      aesKey: e.ICICI_AES_KEY,
      subMerchantIds: e.ICICI_SUB_MERCHANT_IDS,
      mandatoryFields: e.ICICI_MANDATORY_FIELDS,
      optionalFields: e.ICICI_OPTIONAL_FIELDS,
      environment: e.ICICI_ENVIRONMENT,
      urlEncoding: e.ICICI_URL_ENCODING,
      gatewayUrl: e.ICICI_GATEWAY_URL,
    },
    receiptSecret: secret(e.RECEIPT_SECRET, "receipt-secret"),
    trustProxy: e.TRUST_PROXY,
    rateLimits: { posts: e.RATE_LIMIT_POSTS, beacons: e.RATE_LIMIT_BEACONS, rendered: e.RATE_LIMIT_RENDERED, static: e.RATE_LIMIT_STATIC },
    geoProviderUrl: e.GEO_PROVIDER_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, officeEmail: (e.OFFICE_EMAIL ?? e.ADMIN_EMAIL ?? SAMPLE_ADMIN_EMAIL).toLowerCase(), ratePerSecond: e.SMTP_RATE_PER_SECOND },
    sms: { provider: e.SMS_PROVIDER, authKey: e.MSG91_AUTH_KEY, senderId: e.MSG91_SENDER_ID, apiUrl: e.MSG91_API_URL, ratePerSecond: e.SMS_RATE_PER_SECOND },
    missing,
    invalid,
  };
}

let cached: Config | undefined;

/** The process-wide configuration, parsed from `process.env` on first call. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The SPEC §5 log line for a production start with missing variables. */
export function missingVariablesMessage(missing: readonly string[]): string {
  return `Missing required environment variables: ${missing.join(", ")}`;
}

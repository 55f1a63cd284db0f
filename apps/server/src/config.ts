import path from "node:path";
import { z } from "zod";
import { ACTIVITY_DEFAULT_RETENTION_DAYS } from "@cohort/common/activity";
import { allowEntries, allowEntryProblem, OutgoingAllowList, outgoingUrlProblem } from "./lib/outgoing.js";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/**
 * Every setting Cohort reads from the environment, in one place. This is the
 * only module that reads `process.env`.
 */
const envSchema = z.object({
  /** development | production | test. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * How costly password hashes are: `standard` (argon2id, 19 MiB and 2 passes) always, but in
   * tests, which may ask for `fast` (the smallest argon2id cost) so that hundreds of test
   * accounts cost milliseconds. Any other environment refuses `fast`.
   */
  PASSWORD_HASHING: z.enum(["standard", "fast"]).default("standard"),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on. */
  HOST: z.string().default("0.0.0.0"),
  /** Where the embedded database and local files live. */
  DATA_DIR: z.string().default("./data"),
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.string().url().optional(),
  /** Public address of the site, used in links sent to people. */
  APP_URL: z.string().url().optional(),
  /**
   * Origins of the organisation's own sites that show Cohort's join form (e.g.
   * https://www.example.org), separated by commas or spaces. A payer may be sent back to a
   * page there after the payment step (`completeUrl`); every other link Cohort mails or
   * redirects to stays on APP_URL. Decision 049.
   */
  EMBED_ORIGINS: z
    .string()
    .trim()
    .regex(/^(https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?([\s,]+https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?)*)?$/i, {
      message: "Origins such as https://www.example.org, separated by commas",
    })
    .optional(),
  /** ISO 4217 code of the organisation's currency. */
  CURRENCY_CODE: z.string().length(3).default("GBP"),
  /** How many days the record of staff actions keeps an entry (decision 070); two years unless set. */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(ACTIVITY_DEFAULT_RETENTION_DAYS),
  /** How many days sent or failed webhook events and their deliveries are kept (decision 076); 30 unless set. */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /** Session lifetime in days; renewed while the session is used. */
  SESSION_DAYS: z.coerce.number().positive().default(7),
  /** Name of the session cookie. */
  SESSION_COOKIE: z.string().default("cohort_session"),
  /** Mark the session cookie Secure even on plain http (off only for localhost). */
  COOKIE_SECURE: booleanFromEnv,
  /** Where the built web app is served from. */
  WEB_DIST_DIR: z.string().optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Git revision reported in the version header. */
  REVISION: z.string().default("dev"),
  /** Trust X-Forwarded-For from a proxy in front of Cohort. */
  TRUST_PROXY: booleanFromEnv,
  /**
   * On SIGTERM or SIGINT, the most milliseconds shutting down may take: requests
   * under way get half of it to finish, then open connections are cut; when the
   * time is up the process exits anyway.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * How many callout responses with guest details (name and email) one client
   * address may send in 10 minutes; 0 means no limit (for load tests).
   */
  GUEST_RESPONSE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /**
   * Where unexpected server errors are reported: the DSN of a Sentry project (or of a
   * service that takes Sentry's protocol). Without it nothing is reported and the SDK is not loaded.
   */
  ERROR_REPORTING_DSN: z.string().url().optional(),
  /** Key that signs captcha challenges; without it the server makes one and keeps it in the database. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** Store uploads in this S3-compatible bucket instead of under DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  /** Address of an S3-compatible service other than AWS (MinIO, Garage, R2, …). */
  S3_ENDPOINT: z.string().url().optional(),
  /** Region of the bucket. */
  S3_REGION: z.string().default("us-east-1"),
  /** Access key id; without it the AWS SDK's usual credential sources are used. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** Secret of the access key. */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket as endpoint/bucket instead of bucket.endpoint (most self-hosted services need this). */
  S3_FORCE_PATH_STYLE: booleanFromEnv,
  /**
   * Deliver email through this SMTP server, e.g. smtp://user:pass@mail.example.org:587
   * (smtps:// for TLS from the start). Without it, emails stay in the outbox table.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), { message: "Use an smtp:// or smtps:// address" })
    .optional(),
  /** Sender of every email, e.g. "Harbour Post" <news@harbour.example>; default: the organisation's name at noreply@localhost. */
  EMAIL_FROM: z.string().trim().min(3).optional(),
  /**
   * Emails an admin writes to many contacts leave at most this many per second,
   * counted across every server copy (decision 062). The default, 2 a second
   * (7,200 an hour), stays under the limits of common mail relays.
   */
  EMAIL_SEND_RATE: z.coerce.number().positive().max(1000).default(2),
  /**
   * A recipient whose send was under way when its server copy died is settled
   * once this much time has passed: sent again if its message never reached the
   * mail server, else marked `unknown`, never sent again (decision 065).
   */
  EMAIL_SEND_INTERRUPTED_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(180_000),
  /** How long a queued job stays claimed by a server copy; one whose copy died is taken over after this. */
  JOB_LEASE_MS: z.coerce.number().int().min(2000).max(3_600_000).default(300_000),
  /**
   * The built-in test payment provider (a checkout page where anyone can "pay"): on by default in
   * development and tests, off in production unless this is true. While it is on, every page says so.
   */
  TEST_PAYMENTS: z.enum(["true", "false", "1", "0", ""]).optional(),
  /** Secret that signs webhooks to the built-in test payment provider (POST /api/1.0/webhook/test); unset refuses them. */
  TEST_PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Stripe secret API key (sk_live_… or sk_test_…); Stripe payment methods are offered only when it is set. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe publishable key (pk_…), handed to the browser to confirm setup intents with Stripe.js. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…); webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Send Stripe API requests to this host instead of api.stripe.com (a local stand-in or proxy). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  /** Port for STRIPE_API_HOST. */
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** http or https for STRIPE_API_HOST (default https). */
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** GoCardless access token (sandbox_… or live_…); direct debit is offered only when it is set. */
  GOCARDLESS_ACCESS_TOKEN: z.string().min(1).optional(),
  /** Secret of the GoCardless webhook endpoint; webhooks are refused without it. */
  GOCARDLESS_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** sandbox or live: the GoCardless API the token belongs to (default: live for live_… tokens, else sandbox). */
  GOCARDLESS_ENVIRONMENT: z.enum(["sandbox", "live"]).optional(),
  /**
   * Send Mailchimp API requests to this http:// or https:// address instead of
   * https://<dc>.api.mailchimp.com (a local stand-in or proxy). Decision 061.
   */
  MAILCHIMP_API_URL: z.string().url().optional(),
  /** Send GoCardless API requests to this http:// or https:// address instead of GoCardless (a local stand-in or proxy). */
  GOCARDLESS_API_URL: z.string().url().optional(),
  /**
   * Address search on the public maps through MapTiler's geocoding API with this key (called
   * by the server, so readers' addresses and IPs never reach MapTiler).
   */
  MAPTILER_KEY: z.string().min(1).optional(),
  /** Send MapTiler requests to this address instead of https://api.maptiler.com (a stand-in or proxy). */
  MAPTILER_API_URL: z.string().url().optional(),
  /** Address search through a Photon service at this address instead (e.g. a self-hosted one); wins over MAPTILER_KEY. */
  PHOTON_URL: z.string().url().optional(),
  /**
   * Storage key (under the uploads folder or in the S3 bucket) of a PMTiles file with the
   * organisation's own basemap, e.g. maps/region.pmtiles; the public maps then need no map vendor.
   */
  BASEMAP_PMTILES: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\.pmtiles$/, {
      message: "A storage key ending in .pmtiles, e.g. maps/region.pmtiles",
    })
    .optional(),
  /**
   * Days a failed renewal keeps the membership active while the provider retries it and the
   * member may update their payment method (decision 066).
   */
  /** The largest PMTiles file an admin may upload in Settings → Maps, in bytes (2 GiB by default). */
  MAP_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  /**
   * Origins the public maps may load styles, tiles, fonts and sprites from, separated by commas or
   * spaces (e.g. https://tiles.example.org; `https://*.example.org` for subdomains), besides the
   * basemap chosen in Settings → Maps; they join the pages' connect-src. Needed only for a
   * callout whose own style comes from another service. Decisions 036 and 057.
   */
  MAP_HOSTS: z
    .string()
    .trim()
    .regex(/^(https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?([\s,]+https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)*)?$/i, {
      message: "Origins such as https://api.maptiler.com, separated by commas",
    })
    .optional(),
  /**
   * Host names, IP addresses and CIDR ranges (e.g. photon.internal, 10.1.2.3, fd00::/8, 127.0.0.1),
   * separated by commas or spaces, that the server may reach at addresses people set (PHOTON_URL,
   * MAPTILER_API_URL, ERROR_REPORTING_DSN) although they are private, loopback or link-local.
   * Unset: only public addresses. Decision 054.
   */
  OUTGOING_ALLOW: z
    .string()
    .trim()
    .superRefine((value, context) => {
      for (const entry of allowEntries(value)) {
        const problem = allowEntryProblem(entry);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }
    })
    .optional(),
  /**
   * Host names whose webhook endpoints may use plain http (e.g. a receiver inside the operator's
   * own network), separated by commas or spaces. Every other endpoint must be https. Decision 069.
   */
  WEBHOOK_HTTP_HOSTS: z
    .string()
    .trim()
    .regex(/^([a-z0-9.-]+([\s,]+[a-z0-9.-]+)*)?$/i, { message: "Host names separated by commas" })
    .optional(),
});

/** Settings holding an address the server itself connects to; each is checked against OUTGOING_ALLOW. */
const OUTGOING_URL_SETTINGS = ["PHOTON_URL", "MAPTILER_API_URL", "ERROR_REPORTING_DSN"] as const;

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  // Entries that are not usable are reported on OUTGOING_ALLOW itself.
  const allow = new OutgoingAllowList(allowEntries(env.OUTGOING_ALLOW).filter((entry) => !allowEntryProblem(entry)));
  for (const name of OUTGOING_URL_SETTINGS) {
    const value = env[name];
    const problem = value ? outgoingUrlProblem(value, allow) : null;
    if (problem) context.addIssue({ code: "custom", path: [name], message: problem });
  }
});

export type Env = z.infer<typeof envSchema>;

/** argon2id's cost: memory in KiB and passes. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
}

/** argon2id as OWASP recommends (19 MiB, 2 passes): the cost of every real deployment. */
export const STANDARD_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2 };
/** The least argon2id allows; for tests only. */
const FAST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1 };

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  appUrl: string;
  /** False while appUrl is only the localhost default (links then stay site-relative where they can). */
  appUrlIsSet: boolean;
  /** Origins of the organisation's sites a payer may return to besides APP_URL (decision 049). */
  embedOrigins: string[];
  currencyCode: string;
  passwordHashing: PasswordHashing;
  session: { days: number; cookieName: string; secure: boolean | "auto" };
  /** The record of staff actions: how long an entry is kept. */
  activity: { retentionDays: number };
  webhooks: { retentionDays: number };
  webDistDir: string;
  logLevel: Env["LOG_LEVEL"];
  version: string;
  revision: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  captcha: { hmacKey?: string | undefined };
  /** The error-reporting DSN; undefined: errors are only logged. */
  errorReporting: { dsn?: string | undefined };
  /** Responses with guest details per client address in 10 minutes; 0: no limit. */
  guestResponseLimit: number;
  storage: StorageConfig;
  email: EmailConfig;
  mailings: MailingConfig;
  /** The built-in test payment provider: whether it is on, and the secret its webhooks are signed with. */
  testPayments: { enabled: boolean; webhookSecret?: string | undefined };
  stripe: StripeConfig;
  gocardless: GoCardlessConfig;
  geocoding: GeocodingConfig;
  /** Storage key of the self-hosted basemap's PMTiles file, if any. */
  basemapPmtiles?: string | undefined;
  /** The largest PMTiles file an admin may upload, in bytes. */
  mapUploadMaxBytes: number;
  /** Origins the public maps load styles and tiles from, besides this site (decision 036). */
  mapHosts: string[];
  /** The operator's exceptions for outgoing requests to addresses people set (decision 054). */
  outgoingAllow: OutgoingAllowList;
  /** Where Mailchimp requests go instead of Mailchimp's own API (decision 061). */
  newsletter: { mailchimpApiUrl?: string | undefined };
  /** Hosts whose webhook endpoints may use http rather than https (decision 069). */
  webhookHttpHosts: string[];
}

export interface GeocodingConfig {
  maptilerKey?: string | undefined;
  /** Where MapTiler requests go; undefined means MapTiler's own API. */
  maptilerApiUrl?: string | undefined;
  photonUrl?: string | undefined;
}

export interface GoCardlessConfig {
  /** Access token; undefined means GoCardless is not configured. */
  accessToken?: string | undefined;
  webhookSecret?: string | undefined;
  environment: "sandbox" | "live";
  /** Where the SDK's requests go; undefined means GoCardless's own API. */
  apiUrl?: string | undefined;
}

export interface StripeConfig {
  /** Secret API key; undefined means Stripe is not configured. */
  secretKey?: string | undefined;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
  /** Where the SDK sends requests; undefined means Stripe's own API. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: "http" | "https" | undefined;
}

export interface MailingConfig {
  /** Messages per second across every server copy. */
  ratePerSecond: number;
  /** After this long, a send whose server copy died is settled: sent again if never handed over, else `unknown`. */
  interruptedAfterMs: number;
  /** How long a queued job stays claimed (decision 062). */
  jobLeaseMs: number;
}

export interface EmailConfig {
  /** SMTP server address; undefined keeps emails in the outbox only. */
  smtpUrl?: string | undefined;
  /** Sender address; undefined means the organisation's name at noreply@localhost. */
  from?: string | undefined;
}

export type StorageConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint?: string | undefined;
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
      forcePathStyle: boolean;
    };

export const VERSION = "0.1.0";

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (env.PASSWORD_HASHING === "fast" && env.NODE_ENV !== "test") {
    throw new Error("Invalid configuration:\n  PASSWORD_HASHING: fast is for tests only (NODE_ENV=test)");
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    appUrlIsSet: env.APP_URL !== undefined,
    embedOrigins: (env.EMBED_ORIGINS ?? "").split(/[\s,]+/).filter((origin) => origin !== ""),
    currencyCode: env.CURRENCY_CODE.toUpperCase(),
    passwordHashing: env.PASSWORD_HASHING === "fast" ? FAST_PASSWORD_HASHING : STANDARD_PASSWORD_HASHING,
    session: {
      days: env.SESSION_DAYS,
      cookieName: env.SESSION_COOKIE,
      secure: source.COOKIE_SECURE === undefined ? "auto" : env.COOKIE_SECURE,
    },
    activity: { retentionDays: env.ACTIVITY_RETENTION_DAYS },
    webhooks: { retentionDays: env.WEBHOOK_RETENTION_DAYS },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL("../../web/dist", import.meta.url).pathname),
    logLevel: env.LOG_LEVEL,
    version: VERSION,
    revision: env.REVISION,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    captcha: { hmacKey: env.CAPTCHA_HMAC_KEY },
    errorReporting: { dsn: env.ERROR_REPORTING_DSN },
    guestResponseLimit: env.GUEST_RESPONSE_LIMIT,
    storage: env.S3_BUCKET
      ? {
          kind: "s3",
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: "local", dir: path.join(dataDir, "uploads") },
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM },
    mailings: {
      ratePerSecond: env.EMAIL_SEND_RATE,
      interruptedAfterMs: env.EMAIL_SEND_INTERRUPTED_AFTER_MS,
      jobLeaseMs: env.JOB_LEASE_MS,
    },
    testPayments: {
      enabled:
        env.TEST_PAYMENTS === undefined || env.TEST_PAYMENTS === ""
          ? env.NODE_ENV !== "production"
          : env.TEST_PAYMENTS === "true" || env.TEST_PAYMENTS === "1",
      webhookSecret: env.TEST_PAYMENTS_WEBHOOK_SECRET,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL,
    },
    gocardless: {
      accessToken: env.GOCARDLESS_ACCESS_TOKEN,
      webhookSecret: env.GOCARDLESS_WEBHOOK_SECRET,
      environment:
        env.GOCARDLESS_ENVIRONMENT ?? (env.GOCARDLESS_ACCESS_TOKEN?.startsWith("live_") ? "live" : "sandbox"),
      apiUrl: env.GOCARDLESS_API_URL,
    },
    geocoding: { maptilerKey: env.MAPTILER_KEY, maptilerApiUrl: env.MAPTILER_API_URL, photonUrl: env.PHOTON_URL },
    basemapPmtiles: env.BASEMAP_PMTILES,
    mapUploadMaxBytes: env.MAP_UPLOAD_MAX_BYTES,
    mapHosts: (env.MAP_HOSTS ?? "").split(/[\s,]+/).filter((origin) => origin !== ""),
    outgoingAllow: new OutgoingAllowList(allowEntries(env.OUTGOING_ALLOW)),
    newsletter: { mailchimpApiUrl: env.MAILCHIMP_API_URL },
    webhookHttpHosts: (env.WEBHOOK_HTTP_HOSTS ?? "")
      .split(/[\s,]+/)
      .filter((host) => host !== "")
      .map((host) => host.toLowerCase()),
  };
}

import path from "node:path";
import { z } from "zod";

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
  /** ISO 4217 code of the organisation's currency. */
  CURRENCY_CODE: z.string().length(3).default("GBP"),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  appUrl: string;
  /** False while appUrl is only the localhost default (links then stay site-relative where they can). */
  appUrlIsSet: boolean;
  currencyCode: string;
  session: { days: number; cookieName: string; secure: boolean | "auto" };
  webDistDir: string;
  logLevel: Env["LOG_LEVEL"];
  version: string;
  revision: string;
  trustProxy: boolean;
  captcha: { hmacKey?: string | undefined };
  storage: StorageConfig;
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
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
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
    currencyCode: env.CURRENCY_CODE.toUpperCase(),
    session: {
      days: env.SESSION_DAYS,
      cookieName: env.SESSION_COOKIE,
      secure: source.COOKIE_SECURE === undefined ? "auto" : env.COOKIE_SECURE,
    },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL("../../web/dist", import.meta.url).pathname),
    logLevel: env.LOG_LEVEL,
    version: VERSION,
    revision: env.REVISION,
    trustProxy: env.TRUST_PROXY,
    captcha: { hmacKey: env.CAPTCHA_HMAC_KEY },
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
  };
}

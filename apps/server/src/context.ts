import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { CaptchaProvider } from "./providers/captcha/index.js";
import type { EmailProvider } from "./providers/email/index.js";
import type { PaymentProviders } from "./providers/payment/factory.js";
import type { StorageProvider } from "./providers/storage/index.js";

/**
 * Who is making a request's changes, for the activity record (decision 070):
 * a person, an API key (acting as nobody, or as a contact), or nobody (jobs,
 * guests). `isStaff` is true for admins, superadmins and API keys.
 */
export interface Actor {
  contactId: string | null;
  apiKeyId: string | null;
  isStaff: boolean;
}

export interface Clock {
  now(): Date;
}

/**
 * Everything a service needs from the outside world. Tests swap the clock,
 * the id generator and `sleep` to control time.
 */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  newId(): string;
  sleep(ms: number): Promise<void>;
  log: FastifyBaseLogger;
  captcha: CaptchaProvider;
  storage: StorageProvider;
  email: EmailProvider;
  payments: PaymentProviders;
  /** Set per request by the auth plugin; absent outside requests. */
  actor?: Actor;
}

export const systemClock: Clock = { now: () => new Date() };
export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const newUuid = () => randomUUID();

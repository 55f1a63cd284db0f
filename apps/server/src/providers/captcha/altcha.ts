import { randomBytes } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { Challenge, Payload } from "altcha-lib/v1/types";
import type { Clock } from "../../context.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { CaptchaProvider, CaptchaVerdict } from "./index.js";
import { deleteExpiredSolutions, insertSolution, storeSecretOnce } from "./queries.js";

const ALGORITHM = "SHA-256" as const;
/** Headless Chromium checks this many numbers in under half a second on one thread; most answers come sooner. */
export const CAPTCHA_MAX_NUMBER = 20_000;
export const CAPTCHA_LIFETIME_MS = 10 * 60 * 1000;
export const CAPTCHA_KEY_NAME = "captcha-hmac-key";

export interface AltchaOptions {
  db: Db;
  clock: Clock;
  /** A fixed key from the configuration; without one the key lives in `server_secrets`. */
  hmacKey?: string | undefined;
}

function decodePayload(token: string): Payload | null {
  try {
    // A token pasted into a query string unencoded arrives with its `+` turned into spaces.
    const value: unknown = JSON.parse(Buffer.from(token.replaceAll(" ", "+"), "base64").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
    if (
      algorithm !== ALGORITHM ||
      typeof challenge !== "string" ||
      typeof number !== "number" ||
      typeof salt !== "string" ||
      typeof signature !== "string"
    ) {
      return null;
    }
    return { algorithm: ALGORITHM, challenge, number, salt, signature };
  } catch {
    return null;
  }
}

/** Reads the shared key, creating it first if no copy of the server has yet. */
async function loadSharedKey(db: Db, clock: Clock): Promise<string> {
  const value = await storeSecretOnce(db, CAPTCHA_KEY_NAME, randomBytes(32).toString("base64url"), clock.now());
  if (value === undefined) throw new Error("the captcha key could not be stored");
  return value;
}

/**
 * Self-hosted proof of work (ALTCHA): the browser searches for a number whose
 * hash matches the challenge; the server checks the answer against its HMAC
 * signature and remembers each accepted answer until the challenge expires.
 */
export class AltchaCaptchaProvider implements CaptchaProvider {
  private key: Promise<string> | null = null;

  constructor(private readonly options: AltchaOptions) {}

  private hmacKey(): Promise<string> {
    if (this.options.hmacKey) return Promise.resolve(this.options.hmacKey);
    this.key ??= loadSharedKey(this.options.db, this.options.clock).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  async createChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      hmacKey: await this.hmacKey(),
      maxnumber: CAPTCHA_MAX_NUMBER,
      expires: new Date(this.options.clock.now().getTime() + CAPTCHA_LIFETIME_MS),
    });
  }

  async verify(token: string): Promise<CaptchaVerdict> {
    const payload = decodePayload(token);
    if (!payload) return { ok: false, errors: ["malformed"] };
    const now = this.options.clock.now();
    const expires = Number.parseInt(extractParams(payload).expires ?? "", 10) * 1000;
    if (!Number.isFinite(expires)) return { ok: false, errors: ["malformed"] };
    if (expires < now.getTime()) return { ok: false, errors: ["expired"] };
    // The library's own expiry check reads the system clock; ours is done above.
    const valid = await verifySolution(payload, await this.hmacKey(), false);
    if (!valid) return { ok: false, errors: ["invalid-solution"] };

    const { db } = this.options;
    await deleteExpiredSolutions(db, now);
    try {
      await insertSolution(db, payload.signature, new Date(expires));
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, errors: ["already-used"] };
      throw error;
    }
    return { ok: true };
  }
}

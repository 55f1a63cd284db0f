import { hash, verify } from "@node-rs/argon2";
import type { Config } from "../config.js";

/**
 * argon2id at the configured cost: the OWASP recommendation (19 MiB, 2 passes) everywhere but
 * in tests, which may ask for the smallest cost (`PASSWORD_HASHING=fast`). A hash carries its
 * own cost, so any hash verifies whatever the configuration.
 */
export function hashPassword(ctx: { config: Pick<Config, "passwordHashing"> }, password: string): Promise<string> {
  const { memoryCost, timeCost } = ctx.config.passwordHashing;
  // The library's defaults: argon2id with one lane.
  return hash(password, { memoryCost, timeCost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

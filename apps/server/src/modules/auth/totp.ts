import { Secret, TOTP } from "otpauth";
import { TOTP_ALGORITHM, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@cohort/common/auth";

function totpFor(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/**
 * Returns the time step the token belongs to (one step of clock drift either
 * way is accepted), or null when it matches none.
 */
export function matchTotpStep(secret: string, token: string, now: Date): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  let delta: number | null;
  try {
    delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  } catch {
    return null;
  }
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export function generateTotp(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

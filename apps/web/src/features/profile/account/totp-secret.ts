import { TOTP_ALGORITHM, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@cohort/common/auth";

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** A new secret of 160 random bits, as authenticator apps expect (32 base32 characters). */
export function newTotpSecret(): string {
  return base32(crypto.getRandomValues(new Uint8Array(20)));
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The `otpauth://` address a QR code carries: the app names the account by organisation and email. */
export function totpUri(secret: string, organisation: string, email: string): string {
  const issuer = organisation.trim() || "Cohort";
  const label = encodeURIComponent(`${issuer}:${email}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP_ALGORITHM,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

import { isLinkOnOrigins } from "@cohort/common/http";
import type { Config } from "../config.js";
import type { AppError } from "./errors.js";
import { invalidField } from "./parse.js";

/**
 * What a caller's address is for (decision 049):
 * - `site`: a page that receives a secret or a password (reset, set-password, confirm, login
 *   links), so only Cohort's own address (APP_URL) will do;
 * - `return`: where the payment provider sends the payer back, which may also be a page on a
 *   site the organisation lists in EMBED_ORIGINS.
 */
export type LinkUse = "site" | "return";

function originsFor(config: Pick<Config, "appUrl" | "embedOrigins">, use: LinkUse): string[] {
  return use === "site" ? [config.appUrl] : [config.appUrl, ...config.embedOrigins];
}

/** True when Cohort may mail or redirect people to the address for that use. */
export function isOwnLink(config: Pick<Config, "appUrl" | "embedOrigins">, value: string, use: LinkUse): boolean {
  return isLinkOnOrigins(value, originsFor(config, use));
}

/** The 400 `untrusted-url` refusal, naming the field. */
export function untrustedLink(property: string): AppError {
  return invalidField(property, { key: "validation.urlNotOnSite" }, { code: "untrusted-url" });
}

/** Refuses a caller's address that leads away from Cohort (or, for `return`, from the organisation's listed sites). */
export function assertOwnLink(
  config: Pick<Config, "appUrl" | "embedOrigins">,
  property: string,
  value: string,
  use: LinkUse,
): void {
  if (!isOwnLink(config, value, use)) throw untrustedLink(property);
}

/**
 * A stored address, when it still passes the rule; else Cohort's own page at `path`. For
 * rows written before the rule existed, which must not send anyone elsewhere either.
 */
export function ownLinkOr(
  config: Pick<Config, "appUrl" | "embedOrigins">,
  stored: string,
  use: LinkUse,
  path: string,
): string {
  return isOwnLink(config, stored, use) ? stored : `${config.appUrl}${path}`;
}

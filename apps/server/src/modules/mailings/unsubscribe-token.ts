import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.js";
import { appKey } from "../../db/app-keys.js";

const KEY_NAME = "unsubscribe-links";
const UUID_HEX = /^[0-9a-f]{32}$/;

/** The key that signs unsubscribe links: one per database, so links keep working on every copy and across restarts. */
const signingKey = (ctx: Pick<AppContext, "db" | "clock">) => appKey(ctx.db, KEY_NAME, ctx.clock.now());

function mac(key: Buffer, contactHex: string): string {
  return createHmac("sha256", key).update(`unsubscribe:${contactHex}`).digest("base64url").slice(0, 32);
}

/** A token naming one contact, signed: `<contact id without dashes>.<signature>`. It does not expire. */
export async function unsubscribeToken(ctx: Pick<AppContext, "db" | "clock">, contactId: string): Promise<string> {
  const hex = contactId.replaceAll("-", "").toLowerCase();
  return `${hex}.${mac(await signingKey(ctx), hex)}`;
}

/** The contact a token names, or null when it is malformed or its signature does not hold. */
export async function contactOfToken(ctx: Pick<AppContext, "db" | "clock">, token: string): Promise<string | null> {
  const [hex, signature, ...rest] = token.split(".");
  if (!hex || !signature || rest.length > 0 || !UUID_HEX.test(hex)) return null;
  const expected = Buffer.from(mac(await signingKey(ctx), hex));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where a reader unsubscribes: a page of the site (it asks before it acts) … */
export const unsubscribePageUrl = (appUrl: string, token: string) => `${appUrl}/unsubscribe/${token}`;
/** … and the address a mail client posts to for one-click unsubscribe (RFC 8058). */
export const oneClickUnsubscribeUrl = (appUrl: string, apiPrefix: string, token: string) =>
  `${appUrl}${apiPrefix}/unsubscribe/${token}`;

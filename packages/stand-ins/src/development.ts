import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeTestBasemap } from "./basemap.js";
import { startPhotonStandIn } from "./geocoders.js";
import { startGoCardlessStandIn } from "./gocardless.js";
import { startListmonkStandIn } from "./listmonk.js";
import { startMailchimpStandIn } from "./mailchimp.js";
import { paymentSettings } from "./server-settings.js";
import { startStripeStandIn } from "./stripe.js";

/** The stand-ins a development server runs against, and the settings that point it at them. */
export interface DevelopmentStandIns {
  /** Server settings (environment variables) to add. */
  env: Record<string, string>;
  /** One line per stand-in: what it is and where it listens. */
  summary: string[];
  close(): Promise<void>;
}

/** Signs the webhooks a developer sends to the Stripe endpoint by hand (e.g. with Stripe's SDK). */
export const DEVELOPMENT_STRIPE_WEBHOOK_SECRET = "whsec_cohort_development";

/** The address every stand-in listens on. */
const LOOPBACK = "127.0.0.1";

/** Where the basemap goes inside the uploads folder, as a storage key. */
const BASEMAP_KEY = "maps/stand-in.pmtiles";

/**
 * Starts the Stripe and GoCardless stand-ins (GoCardless with its own payment
 * page), a Photon geocoder, Mailchimp and listmonk stand-ins and, when files are stored locally under `dataDir`,
 * a small generated basemap (unless `given` settings store files in S3 or
 * name a basemap already).
 */
export async function startDevelopmentStandIns(
  dataDir: string,
  given: NodeJS.ProcessEnv = {},
): Promise<DevelopmentStandIns> {
  const stripe = await startStripeStandIn();
  const gocardless = await startGoCardlessStandIn({ payPages: true });
  const photon = await startPhotonStandIn();
  // Settings → Newsletter connects to either: their keys and lists are printed below.
  const mailchimp = await startMailchimpStandIn();
  const listmonk = await startListmonkStandIn();
  const env: Record<string, string> = {
    ...paymentSettings(stripe, gocardless, DEVELOPMENT_STRIPE_WEBHOOK_SECRET),
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    PHOTON_URL: photon.url,
    MAILCHIMP_API_URL: mailchimp.url,
    // The stand-ins listen on loopback, which the server reaches only where the operator allows it.
    OUTGOING_ALLOW: [given.OUTGOING_ALLOW, LOOPBACK].filter(Boolean).join(","),
  };
  const summary = [
    `Stripe API      ${stripe.protocol}://${stripe.host}:${stripe.port}`,
    `GoCardless API  ${gocardless.baseUrl} (its payment page answers on a port of its own)`,
    `Photon geocoder ${photon.url}`,
    `Mailchimp API   ${mailchimp.url} (key ${mailchimp.apiKey}, audience ${mailchimp.listId})`,
    `listmonk API    ${listmonk.url} (key ${listmonk.apiKey}, list 1; groups 2 and 3)`,
  ];
  if (!given.S3_BUCKET && !given.BASEMAP_PMTILES) {
    const file = path.join(dataDir, "uploads", BASEMAP_KEY);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, makeTestBasemap());
    env.BASEMAP_PMTILES = BASEMAP_KEY;
    summary.push(`Basemap         ${file}`);
  }
  return {
    env,
    summary,
    async close() {
      await Promise.all([stripe.close(), gocardless.close(), photon.close(), mailchimp.close(), listmonk.close()]);
    },
  };
}

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevelopmentStandIns, type DevelopmentStandIns } from "../src/development.js";

let dataDir: string;
let standIns: DevelopmentStandIns;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-stand-ins-"));
  standIns = await startDevelopmentStandIns(dataDir);
});
afterAll(async () => {
  await standIns.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GoCardless API call as the SDK makes it. */
async function gocardless(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${standIns.env.GOCARDLESS_API_URL}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${standIns.env.GOCARDLESS_ACCESS_TOKEN}`,
      "gocardless-version": "2015-07-06",
      "content-type": "application/json",
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, Record<string, unknown>>;
}

describe("the stand-ins for development", () => {
  it("point the server's Stripe, GoCardless, geocoder and basemap settings at themselves", async () => {
    const { env } = standIns;
    const stripeApi = `${env.STRIPE_API_PROTOCOL}://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}`;
    const customers = await fetch(`${stripeApi}/v1/customers`, {
      headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    });
    expect(customers.status).toBe(200);
    expect(env.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_test_/);
    expect(env.STRIPE_WEBHOOK_SECRET).toBeTruthy();
    const places = await fetch(`${env.PHOTON_URL}/api?q=berlin`);
    expect(places.status).toBe(200);
    const basemap = path.join(dataDir, "uploads", env.BASEMAP_PMTILES!);
    expect(readFileSync(basemap).subarray(0, 7).toString()).toBe("PMTiles");
  });

  it("serve a GoCardless payment page that sets up the mandate and returns to the join form", async () => {
    const { billing_requests: billingRequest } = await gocardless("POST", "/billing_requests", {
      billing_requests: { mandate_request: { scheme: "bacs" } },
    });
    const redirectUri = "http://localhost:5173/join/complete?redirect_flow_id=x";
    const { billing_request_flows: flow } = await gocardless("POST", "/billing_request_flows", {
      billing_request_flows: {
        links: { billing_request: billingRequest!.id },
        redirect_uri: redirectUri,
        exit_uri: "http://localhost:5173/join",
      },
    });
    const pageUrl = String(flow!.authorisation_url);
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/flow\?id=BRF/);
    const page = await fetch(pageUrl);
    expect(await page.text()).toContain('<a href="http://localhost:5173/join">');

    const agreed = await fetch(pageUrl, { method: "POST", redirect: "manual" });
    expect(agreed.status).toBe(303);
    expect(agreed.headers.get("location")).toBe(redirectUri);
    const { billing_requests: fulfilled } = await gocardless("GET", `/billing_requests/${String(billingRequest!.id)}`);
    expect(fulfilled).toMatchObject({ status: "fulfilled", links: { mandate_request_mandate: expect.any(String) } });
  });

  it("leave the basemap alone when files are stored in S3", async () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), "cohort-stand-ins-"));
    const withS3 = await startDevelopmentStandIns(elsewhere, { S3_BUCKET: "uploads" });
    await withS3.close();
    expect(withS3.env.BASEMAP_PMTILES).toBeUndefined();
    expect(existsSync(path.join(elsewhere, "uploads"))).toBe(false);
    rmSync(elsewhere, { recursive: true, force: true });
  });
});

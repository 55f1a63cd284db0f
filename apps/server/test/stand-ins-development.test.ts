import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevelopmentStandIns, type DevelopmentStandIns } from "@cohort/stand-ins/development";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { signupBody } from "./helpers/provider-app.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

/**
 * `npm run dev -- --stand-ins` runs the server with the settings of the
 * development stand-ins: a join through Stripe or GoCardless, address search
 * and the basemap then work with no outside service.
 */
let dataDir: string;
let standIns: DevelopmentStandIns;
let t: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-dev-stand-ins-"));
  standIns = await startDevelopmentStandIns(dataDir);
  t = await createTestApp({ ...standIns.env, DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await standIns.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function completeJoin(paymentFlowId: string) {
  const complete = await call(t.app, "POST", "/signup/complete", {
    body: { paymentFlowId, firstname: "Dev", lastname: "Joiner" },
  });
  expect(complete.statusCode, complete.body).toBe(204);
}

describe("the server with the development stand-ins", () => {
  it("hands the join form Stripe's publishable key, with Stripe's and GoCardless's methods", async () => {
    const join = await call(t.app, "GET", "/content/join");
    expect(join.json()).toMatchObject({ stripePublicKey: standIns.env.STRIPE_PUBLISHABLE_KEY });
    expect(join.json().paymentMethods).toEqual(expect.arrayContaining(["s_card", "gc_direct-debit"]));
  });

  it("takes a Stripe join confirmed with the publishable key, as Stripe.js does", async () => {
    const started = await call(t.app, "POST", "/signup", { body: signupBody("s_card") });
    expect(started.statusCode, started.body).toBe(200);
    const clientSecret = String(started.json().clientSecret);
    const setupIntentId = clientSecret.split("_secret_")[0]!;
    const { env } = standIns;
    const confirmed = await fetch(
      `${env.STRIPE_API_PROTOCOL}://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/v1/setup_intents/${setupIntentId}/confirm`,
      {
        method: "POST",
        body: new URLSearchParams({
          key: env.STRIPE_PUBLISHABLE_KEY!,
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": "4242 4242 4242 4242",
        }),
      },
    );
    expect(confirmed.status).toBe(200);
    await completeJoin(setupIntentId);
  });

  it("takes a GoCardless join through the stand-in's payment page", async () => {
    const started = await call(t.app, "POST", "/signup", { body: signupBody("gc_direct-debit") });
    expect(started.statusCode, started.body).toBe(200);
    const agreed = await fetch(String(started.json().redirectUrl), { method: "POST", redirect: "manual" });
    expect(agreed.status).toBe(303);
    const back = new URL(agreed.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(`${t.config.appUrl}/join/complete`);
    await completeJoin(back.searchParams.get("redirect_flow_id")!);
  });

  it("searches addresses and serves the basemap", async () => {
    const places = await call(t.app, "GET", "/geocode/search?query=berlin");
    expect(places.statusCode, places.body).toBe(200);
    expect(JSON.stringify(places.json())).toContain("Berlin");
    const basemap = await t.app.inject({
      method: "GET",
      url: "/api/1.0/map/basemap.pmtiles",
      headers: { range: "bytes=0-6" },
    });
    expect(basemap.statusCode).toBe(206);
    expect(basemap.body).toBe("PMTiles");
  });

  it("connects Settings → Newsletter to the Mailchimp and listmonk stand-ins with the keys it prints", async () => {
    const superadmin = await makeContact(t.database.db, { roles: ["superadmin", "admin"] });
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
    );
    const line = (name: string) => standIns.summary.find((entry) => entry.startsWith(name)) ?? "";
    const mailchimp = /key (\S+), audience (\S+)\)/.exec(line("Mailchimp"));
    const listmonk = /^listmonk API\s+(\S+) \(key (\S+), list 1/.exec(line("listmonk"));
    const connections = [
      { provider: "mailchimp", apiKey: mailchimp?.[1], listId: mailchimp?.[2] },
      { provider: "listmonk", apiUrl: listmonk?.[1], apiKey: listmonk?.[2], listId: "1" },
    ];
    for (const body of connections) {
      const saved = await call(t.app, "PATCH", "/newsletter/settings", { cookie, body });
      expect(saved.statusCode, saved.body).toBe(200);
      const test = await call(t.app, "POST", "/newsletter/settings/test", { cookie });
      expect(test.json()).toMatchObject({ ok: true });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateGeneralContent } from "../src/modules/content/service.js";
import { checkoutTexts } from "../src/modules/test-checkout/texts.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

describe("the test checkout page's language", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: "https://members.example.org" });
    cookie = await loginAs(t.app, await makeContact(t.database.db));
  });
  afterAll(() => t.close());

  async function start(completeUrl: string) {
    const response = await call(t.app, "POST", "/contact/me/contribution", {
      cookie,
      body: { amount: 10, period: "monthly", payFee: false, paymentMethod: "s_sepa", completeUrl },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<{ redirectUrl: string }>().redirectUrl).pathname;
  }

  it("follows the language the app page forced, and the way back keeps it", async () => {
    const path = await start("https://members.example.org/profile/contribution/complete?lang=de");
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de-DE">');
    for (const text of [checkoutTexts.de.banner, "Erfolgreich bezahlen", "Monatlich", "SEPA-Lastschrift", "10,00"]) {
      expect(page.body).toContain(text);
    }
    const posted = await t.app.inject({
      method: "POST",
      url: path,
      payload: "outcome=successful",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.statusCode).toBe(303);
    expect(new URL(String(posted.headers.location)).searchParams.get("lang")).toBe("de");
  });

  it("uses the organisation's language otherwise", async () => {
    await updateGeneralContent(t.ctx, { locale: "it" });
    const page = await t.app.inject({ method: "GET", url: await start("https://members.example.org/done") });
    expect(page.body).toContain('<html lang="it-IT">');
    expect(page.body).toContain(checkoutTexts.it.successful);
    await updateGeneralContent(t.ctx, { locale: "en" });
  });

  it("has every text in every locale", () => {
    const keys = (texts: object) => Object.keys(texts).sort();
    for (const texts of Object.values(checkoutTexts)) {
      expect(keys(texts)).toEqual(keys(checkoutTexts.en));
      expect(keys(texts.methods)).toEqual(keys(checkoutTexts.en.methods));
    }
  });
});

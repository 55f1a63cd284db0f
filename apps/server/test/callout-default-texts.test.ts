import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calloutVariants } from "../src/db/schema/index.js";
import { updateGeneralContent } from "../src/modules/content/service.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const englishDefaults = { prevText: "Back", nextText: "Next", submitText: "Send" };

/** A callout as stored before: the builder wrote its English defaults into the default variant. */
async function calloutWithStoredDefaults() {
  const callout = await makeCallout(t.database.db, t.clock, { access: "guest" });
  await t.database.db
    .update(calloutVariants)
    .set({
      thanksTitle: "Thank you!",
      slideNavigation: {
        slide1: englishDefaults,
        slide2: { prevText: "Back", nextText: "Next", submitText: "Send my story" },
      },
    })
    .where(and(eq(calloutVariants.calloutId, callout.id), eq(calloutVariants.name, "default")));
  const [base] = await t.database.db.select().from(calloutVariants).where(eq(calloutVariants.calloutId, callout.id));
  // A German translation that left the buttons and the thank-you title alone.
  await t.database.db
    .insert(calloutVariants)
    .values({ ...base!, name: "de", title: "Aufruf", thanksTitle: "", slideNavigation: {} });
  return callout;
}

async function formOf(slug: string, variant?: string) {
  const query = variant ? `?with=form&variant=${variant}` : "?with=form";
  const response = await call(t.app, "GET", `/callout/${slug}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{
    thanksTitle: string;
    formSchema: { slides: { navigation: Record<string, string | null> }[] };
  }>();
  return { thanksTitle: body.thanksTitle, navigation: body.formSchema.slides.map((slide) => slide.navigation) };
}

describe("callout texts left at their defaults", () => {
  it("are the defaults of the variant's language, while the admin's own wording stays", async () => {
    const callout = await calloutWithStoredDefaults();
    const german = await formOf(callout.slug, "de");
    expect(german.thanksTitle).toBe("Vielen Dank!");
    expect(german.navigation[0]).toMatchObject({ prevText: "Zurück", nextText: "Weiter", submitText: "Absenden" });

    const english = await formOf(callout.slug);
    expect(english.thanksTitle).toBe("Thank you!");
    expect(english.navigation[0]).toMatchObject(englishDefaults);
    expect(english.navigation[1]).toMatchObject({ submitText: "Send my story" });
  });

  it("follow the organisation's language in the default variant", async () => {
    await updateGeneralContent(t.ctx, { locale: "nl" });
    const callout = await calloutWithStoredDefaults();
    const dutch = await formOf(callout.slug);
    expect(dutch.thanksTitle).toBe("Bedankt!");
    expect(dutch.navigation[0]).toMatchObject({ prevText: "Terug", nextText: "Volgende", submitText: "Versturen" });
    expect(dutch.navigation[1]).toMatchObject({ submitText: "Send my story" });
    await updateGeneralContent(t.ctx, { locale: "en" });
  });

  it("follow a change of the organisation's language in a callout visitors read already", async () => {
    const callout = await calloutWithStoredDefaults();
    expect((await formOf(callout.slug)).thanksTitle).toBe("Thank you!");
    await updateGeneralContent(t.ctx, { locale: "it" });
    expect((await formOf(callout.slug)).thanksTitle).toBe("Grazie!");
    await updateGeneralContent(t.ctx, { locale: "en" });
    expect((await formOf(callout.slug)).thanksTitle).toBe("Thank you!");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDataUpgrades } from "../src/db/data-upgrades.js";
import { callouts, calloutVariants, dataUpgrades } from "../src/db/schema/index.js";
import { resanitizeStoredCallouts } from "../src/modules/callouts/stored-html.js";
import { dataUpgradeList } from "../src/runtime.js";
import { defaultCalloutForm, makeCallout } from "./helpers/callout-factory.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SCRIPT = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

/** A callout as it could have been saved before every write was cleaned. */
async function storedBeforeTheSanitiser() {
  const form = defaultCalloutForm();
  form.slides[0]!.components.push({ id: "c-html", key: "intro", type: "content", html: `<p>Hello</p>${SCRIPT}` });
  form.slides[0]!.components[0]!.label = `Name ${SCRIPT}`;
  const made = await makeCallout(t.database.db, t.clock, { formSchema: form });
  await t.database.db.update(callouts).set({ image: "javascript:alert(3)" }).where(eq(callouts.id, made.id));
  await t.database.db
    .update(calloutVariants)
    .set({
      intro: `<p>Tell us</p>${SCRIPT}`,
      thanksText: `<a href="javascript:alert(4)">Thanks</a>`,
      thanksRedirect: "javascript:alert(5)",
      componentText: { [`Name ${SCRIPT}`]: `Nom <svg onload="alert(6)"></svg>` },
    })
    .where(eq(calloutVariants.calloutId, made.id));
  return made;
}

async function stored(id: string) {
  const [callout] = await t.database.db.select().from(callouts).where(eq(callouts.id, id));
  const [variant] = await t.database.db.select().from(calloutVariants).where(eq(calloutVariants.calloutId, id));
  return { callout: callout!, variant: variant! };
}

describe("callouts stored before the sanitiser", () => {
  it("are cleaned once, on the first start after the upgrade, and clean callouts are left alone", async () => {
    const dirty = await storedBeforeTheSanitiser();
    const clean = await makeCallout(t.database.db, t.clock);
    const cleanBefore = await stored(clean.id);

    expect(await runDataUpgrades(t.database.db, dataUpgradeList)).toEqual([
      "2026-11-sanitise-stored-callout-html",
      "2026-11-store-summary-words-and-dates",
    ]);

    const { callout, variant } = await stored(dirty.id);
    const everything = JSON.stringify({ callout, variant });
    for (const attack of ["onerror", "<script", "javascript:", "onload", "alert("]) {
      expect(everything).not.toContain(attack);
    }
    expect(variant.intro).toContain("<p>Tell us</p>");
    expect(variant.thanksText).toContain("Thanks");
    expect(variant.thanksRedirect).toBeNull();
    expect(callout.image).toBe("");
    const label = callout.formSchema.slides[0]!.components[0]!.label!;
    expect(label).toMatch(/^Name/);
    // Translations still find the text they translate.
    expect(Object.keys(variant.componentText)).toEqual([label]);
    expect(callout.formSchema.slides[0]!.components.at(-1)!.html).toContain("<p>Hello</p>");
    expect(await stored(clean.id)).toEqual(cleanBefore);

    // Recorded: the next start does nothing, and cleaning again would change nothing.
    expect(await t.database.db.select({ name: dataUpgrades.name }).from(dataUpgrades)).toEqual([
      { name: "2026-11-sanitise-stored-callout-html" },
      { name: "2026-11-store-summary-words-and-dates" },
    ]);
    expect(await runDataUpgrades(t.database.db, dataUpgradeList)).toEqual([]);
    expect(await resanitizeStoredCallouts(t.database.db)).toBe(0);
  });

  it("leaves no record when an upgrade fails, so it runs again", async () => {
    const failing = {
      name: "fails-once",
      run: async () => {
        throw new Error("disk full");
      },
    };
    await expect(runDataUpgrades(t.database.db, [failing])).rejects.toThrow("disk full");
    const ok = { name: "fails-once", run: async () => undefined };
    expect(await runDataUpgrades(t.database.db, [ok])).toEqual(["fails-once"]);
  });
});

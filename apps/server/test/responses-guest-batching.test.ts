import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GUEST_RESPONSE_CONFIRM_PATH } from "@cohort/common/callouts";
import { calloutResponses, contacts, emailOutbox, responseConfirmations } from "../src/db/schema/index.js";
import { GUEST_RESPONSES_PER_RECIPIENT } from "../src/http/rate-limits.js";
import { updateGeneralContent } from "../src/modules/content/service.js";
import { takeHitTogether } from "../src/modules/throttle/service.js";
import { saveEmailTemplate } from "../src/modules/emails/service.js";
import { defaultAnswers, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/**
 * Guests answering at the same moment: their limits, their recipients'
 * languages and their responses with confirmation emails go to the database
 * together, and each guest still gets exactly their own response, number,
 * limit count and email.
 */
let t: TestApp;

beforeAll(async () => {
  // Every request here comes from one address: only the limit per recipient applies.
  t = await createTestApp({ GUEST_RESPONSE_LIMIT: "0" });
});
afterAll(() => t.close());

const guest = (email: string, firstname = "Sam") => ({ firstname, lastname: "Guest", email });

/** The statements sent to the database while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === "string" ? query : String((query as { text?: unknown } | undefined)?.text),
    );
  } finally {
    spy.mockRestore();
  }
}

async function confirmationEmailsTo(addresses: string[]) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.toAddress, addresses), eq(emailOutbox.templateId, "confirm-callout-response")));
}

describe("guests answering at the same moment", () => {
  it("writes each response with its confirmation and its email in one statement, numbered in order", async () => {
    const callout = await makeCallout(t.database.db, t.clock, {
      access: "guest",
      allowMultiple: true,
      title: "Your commute",
    });
    // The first answer fills this copy's caches (the callout, its title, the settings, the wording).
    const first = await respond(t.app, callout.slug, { answers: defaultAnswers(), guest: guest("first@example.org") });
    expect(first.statusCode).toBe(200);

    const addresses = Array.from({ length: 10 }, (_, index) => `batch${index}@example.org`);
    const answers: { statusCode: number; json(): { id: string } }[] = [];
    const statements = await statementsDuring(async () => {
      for (const [index, email] of addresses.entries()) {
        answers.push(await respond(t.app, callout.slug, { answers: defaultAnswers(`G${index}`), guest: guest(email) }));
      }
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual(addresses.map(() => 200));
    // Each costs the limit, the recipient's language, and one write of the response with its confirmation
    // and email (besides a short-lived cache's refresh now and then): the email is no statement of its own.
    expect(statements.filter((text) => /^\s*insert into "email_outbox"/i.test(text))).toEqual([]);
    expect(statements.length).toBeLessThan(4 * addresses.length);

    const rows = await t.database.db
      .select()
      .from(calloutResponses)
      .where(eq(calloutResponses.calloutId, callout.id))
      .orderBy(asc(calloutResponses.number));
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
    const confirmations = await t.database.db
      .select()
      .from(responseConfirmations)
      .where(inArray(responseConfirmations.email, addresses));
    const emails = await confirmationEmailsTo(addresses);
    expect(emails).toHaveLength(addresses.length);
    for (const [index, email] of addresses.entries()) {
      const row = rows.find((response) => response.id === answers[index]!.json().id);
      expect(row?.guestEmail).toBe(email);
      const confirmation = confirmations.find((one) => one.responseId === row?.id);
      const sent = emails.find((one) => one.toAddress === email);
      expect(sent?.mergeFields.CONFIRMLINK).toBe(
        `${t.config.appUrl}${GUEST_RESPONSE_CONFIRM_PATH}/${confirmation?.id}`,
      );
      expect(sent?.subject).toContain("Your commute");
    }
  });

  it("counts hits taken at the same moment with one statement, each key once per statement", async () => {
    const limit = { max: 2, windowMs: 60_000 };
    const keys = ["a", "b", "c", "d", "e", "f", "a", "a"].map((name) => `batching-test:${name}`);
    let taken: (object | null)[] = [];
    const statements = await statementsDuring(async () => {
      taken = await Promise.all(keys.map((key) => takeHitTogether(t.ctx, key, limit)));
    });
    // The first goes alone at once; the others wait for it and go together; the third "a" waits once more.
    expect(statements).toHaveLength(3);
    expect(taken.map((hit) => hit !== null)).toEqual([true, true, true, true, true, true, true, false]);
  });

  it("writes no email for a response that is not saved", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    const refused = await respond(t.app, callout.slug, {
      answers: { slide1: {} },
      guest: guest("invalid@example.org"),
    });
    expect(refused.statusCode).toBe(400);
    expect(await confirmationEmailsTo(["invalid@example.org"])).toEqual([]);
  });

  it("counts every hit of one address once when they come at the same moment", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    const max = GUEST_RESPONSES_PER_RECIPIENT.max;
    const answers = await Promise.all(
      Array.from({ length: max + 3 }, () =>
        respond(t.app, callout.slug, { answers: defaultAnswers(), guest: guest("busy@example.org") }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429, 429, 429]);
    expect(await confirmationEmailsTo(["busy@example.org"])).toHaveLength(max);
  });

  it("writes each email in its recipient's stored language when many are made at once", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    const german = await makeContact(t.database.db, { email: "deutsch@example.org" });
    await t.database.db.update(contacts).set({ locale: "de" }).where(eq(contacts.id, german.id));
    const addresses = ["deutsch@example.org", "english@example.org", "DEUTSCH@example.org"];
    const answers = await Promise.all(
      addresses.map((email) => respond(t.app, callout.slug, { answers: defaultAnswers(), guest: guest(email) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const emails = await confirmationEmailsTo(["deutsch@example.org", "english@example.org"]);
    const german1 = emails.filter((email) => email.toAddress.toLowerCase() === "deutsch@example.org");
    const english = emails.filter((email) => email.toAddress === "english@example.org");
    expect(german1).toHaveLength(2);
    expect(english).toHaveLength(1);
    for (const email of german1) expect(email.textBody).toMatch(/^Guten Tag /);
    expect(english[0]?.textBody).toMatch(/^Hello /);
  });

  it("uses wording saved by an admin for the very next confirmation", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "guest", allowMultiple: true });
    await respond(t.app, callout.slug, { answers: defaultAnswers(), guest: guest("before@example.org") });
    await saveEmailTemplate(t.ctx, "confirm-callout-response", "en", {
      subject: "Please confirm *|CALLOUTTITLE|*",
      body: "Open *|CONFIRMLINK|* to confirm.",
    });
    await respond(t.app, callout.slug, { answers: defaultAnswers(), guest: guest("after@example.org") });
    const [after] = await confirmationEmailsTo(["after@example.org"]);
    expect(after?.subject).toMatch(/^Please confirm /);
  });
});

describe("the public callout from the cache", () => {
  it("follows a change of the organisation's language at once", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const submitText = async () => {
      const answer = await call(t.app, "GET", `/callout/${callout.slug}?with[]=form`);
      expect(answer.statusCode).toBe(200);
      const form = answer.json<{ formSchema: { slides: { navigation: { submitText?: string } }[] } }>().formSchema;
      return form.slides.at(-1)?.navigation.submitText;
    };
    const before = await submitText();
    expect(await submitText()).toBe(before);
    await updateGeneralContent(t.ctx, { locale: "de" });
    try {
      const after = await submitText();
      expect(after).not.toBe(before);
    } finally {
      await updateGeneralContent(t.ctx, { locale: "en" });
    }
  });
});

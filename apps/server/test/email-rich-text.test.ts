/**
 * Email templates written in the admin's rich-text editor (decision 058): the body is sanitised
 * like every other rich text when saved, keeps its formatting in the HTML part, reads as plain
 * text in the text part, and its merge fields are filled in escaped. Plain-text bodies (the
 * built-in wordings) go out as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmailDetailSchema } from "@cohort/common/emails";
import { sendEmail } from "../src/modules/emails/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://members.example.org" });
  const contact = await makeContact(t.database.db, { roles: ["admin"] });
  admin = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

async function outboxEmail(id: string) {
  const response = await call(t.app, "GET", `/email-outbox/${id}`, { cookie: admin });
  expect(response.statusCode).toBe(200);
  return outboxEmailDetailSchema.parse(response.json());
}

/** As the editor writes it: a heading, bold, a list, a link and merge fields. */
const EDITOR_BODY =
  "<h2>Welcome, *|FNAME|*</h2>" +
  "<p>We are <strong>glad</strong> you joined &amp; hope you stay.</p>" +
  '<ul><li><p>Read the <a href="https://example.org/guide?a=1&amp;b=2" rel="noopener noreferrer">guide</a></p></li>' +
  "<li><p>Log in: *|LOGINLINK|*</p></li></ul>";

describe("rich-text email templates", () => {
  it("keeps the editor's HTML as written and drops script from a saved body", async () => {
    const kept = await call(t.app, "PUT", "/email/welcome?locale=en", {
      cookie: admin,
      body: { subject: "Welcome", body: EDITOR_BODY },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ body: EDITOR_BODY });

    const hostile = await call(t.app, "PUT", "/email/welcome?locale=de", {
      cookie: admin,
      body: {
        subject: "Willkommen",
        body: '<p onclick="x()">Hallo *|FNAME|*</p><script>alert(1)</script><a href="javascript:alert(2)">hier</a>',
      },
    });
    expect(hostile.statusCode, hostile.body).toBe(200);
    const read = await call(t.app, "GET", "/email/welcome?locale=de", { cookie: admin });
    expect(read.json()).toMatchObject({ body: '<p>Hallo *|FNAME|*</p><a rel="noopener noreferrer">hier</a>' });
  });

  it("sends the formatting in the HTML part, plain text in the text part, and the values escaped", async () => {
    await call(t.app, "PUT", "/email/welcome?locale=en", {
      cookie: admin,
      body: { subject: "Welcome", body: EDITOR_BODY },
    });
    const { id } = await sendEmail(t.ctx, {
      templateId: "welcome",
      to: { email: "reader@example.org", name: "Ann" },
      locale: "en",
      mergeFields: { FNAME: "<b>Ann</b> & co" },
    });
    const email = await outboxEmail(id);
    expect(email.htmlBody).toContain("<h2>Welcome, &lt;b&gt;Ann&lt;/b&gt; &amp; co</h2>");
    expect(email.htmlBody).toContain(
      '<p style="margin:0 0 1em">We are <strong>glad</strong> you joined &amp; hope you stay.</p>',
    );
    expect(email.htmlBody).toContain(
      '<a style="color:#0f6e6e" href="https://example.org/guide?a=1&amp;b=2" rel="noopener noreferrer">guide</a>',
    );
    // A merge field whose value is an address becomes a link.
    expect(email.htmlBody).toContain(
      'Log in: <a href="https://members.example.org/auth/login" style="color:#0f6e6e">https://members.example.org/auth/login</a>',
    );
    expect(email.htmlBody).not.toContain("<b>");
    expect(email.textBody).toBe(
      [
        "Welcome, <b>Ann</b> & co",
        "",
        "We are glad you joined & hope you stay.",
        "",
        "Read the guide (https://example.org/guide?a=1&b=2)",
        "Log in: https://members.example.org/auth/login",
      ].join("\n"),
    );
  });

  it("still sends a plain-text body as paragraphs", async () => {
    await call(t.app, "PUT", "/email/welcome?locale=nl", {
      cookie: admin,
      body: { subject: "Welkom", body: "Hallo *|FNAME|*,\n\nTom & Jerry <3" },
    });
    const read = await call(t.app, "GET", "/email/welcome?locale=nl", { cookie: admin });
    expect(read.json()).toMatchObject({ body: "Hallo *|FNAME|*,\n\nTom & Jerry <3" });
    const { id } = await sendEmail(t.ctx, {
      templateId: "welcome",
      to: { email: "lezer@example.org" },
      locale: "nl",
      mergeFields: { FNAME: "Noor" },
    });
    const email = await outboxEmail(id);
    expect(email.textBody).toBe("Hallo Noor,\n\nTom & Jerry <3");
    expect(email.htmlBody).toContain('<p style="margin:0 0 1em">Hallo Noor,</p>');
    expect(email.htmlBody).toContain("Tom &amp; Jerry &lt;3");
  });
});

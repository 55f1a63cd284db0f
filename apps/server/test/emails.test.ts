import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { outboxEmailDetailSchema, outboxEmailSchema } from "@cohort/common/emails";
import { paginatedSchema } from "@cohort/common/http";
import { loadConfig } from "../src/config.js";
import type { AppContext } from "../src/context.js";
import { openDatabase, postgresPool, type Database, type Db } from "../src/db/client.js";
import { deliverPendingEmails, settleEmailDeliveries, startEmailDelivery } from "../src/modules/emails/delivery.js";
import { sendEmail } from "../src/modules/emails/service.js";
import { createEmailProvider } from "../src/providers/email/index.js";
import { OutboxOnlyEmailProvider } from "../src/providers/email/outbox-only.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { startSmtpPeer, type SmtpPeer } from "@cohort/stand-ins/smtp";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

async function loginCookie(t: TestApp, roles: ("admin" | "member")[]): Promise<string> {
  const contact = await makeContact(t.database.db, { roles });
  return sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }),
  );
}

async function outboxEmail(t: TestApp, cookie: string, id: string) {
  const response = await call(t.app, "GET", `/email-outbox/${id}`, { cookie });
  expect(response.statusCode).toBe(200);
  return outboxEmailDetailSchema.parse(response.json());
}

describe("email settings", () => {
  it("take only smtp:// and smtps:// addresses", () => {
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.org" })).toThrow(/SMTP_URL: Use an smtp/);
    const config = loadConfig({
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      EMAIL_FROM: "News <n@example.org>",
    });
    expect(config.email).toEqual({ smtpUrl: "smtps://user:pass@mail.example.org:465", from: "News <n@example.org>" });
    expect(loadConfig({}).email).toEqual({ smtpUrl: undefined, from: undefined });
  });
});

describe("emails without a mail server", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: "https://members.example.org" });
    admin = await loginCookie(t, ["admin"]);
  });
  afterAll(() => t.close());

  it("writes the outbox row with the merge fields filled in, and escaped in the HTML part", async () => {
    const { id } = await sendEmail(t.ctx, {
      templateId: "new-callout-response",
      to: { email: "desk@example.org", name: "News desk" },
      locale: "en",
      mergeFields: { CALLOUTTITLE: "Floods <b>now</b> & then", CALLOUTSLUG: "floods", RESPNAME: `Ann "A" O'Neil` },
    });
    const email = await outboxEmail(t, admin, id);
    expect(email).toMatchObject({
      templateId: "new-callout-response",
      to: { email: "desk@example.org", name: "News desk" },
      subject: "New response to “Floods <b>now</b> & then”",
      status: "stored",
      sentAt: null,
      attempts: 0,
    });
    expect(email.textBody).toBe(`Ann "A" O'Neil has responded to the callout “Floods <b>now</b> & then” (floods).`);
    expect(email.htmlBody).toContain(
      "Ann &quot;A&quot; O&#39;Neil has responded to the callout “Floods &lt;b&gt;now&lt;/b&gt; &amp; then” (floods).",
    );
    expect(email.htmlBody).not.toContain("<b>");
    expect(email.mergeFields).toMatchObject({ CALLOUTSLUG: "floods", ORGNAME: "Cohort" });
  });

  it("links addresses in the HTML part and fills the login link when none is given", async () => {
    const confirm = await sendEmail(t.ctx, {
      templateId: "confirm-email",
      to: { email: "new@example.org" },
      locale: "en",
      mergeFields: { CONFIRMLINK: "https://members.example.org/join/confirm-email/abc?x=1&y=2", FNAME: "Noor" },
    });
    const confirmEmail = await outboxEmail(t, admin, confirm.id);
    expect(confirmEmail.textBody).toContain("Hello Noor,");
    expect(confirmEmail.textBody).toContain("https://members.example.org/join/confirm-email/abc?x=1&y=2");
    expect(confirmEmail.htmlBody).toContain(
      '<a href="https://members.example.org/join/confirm-email/abc?x=1&amp;y=2" style="color:#0f6e6e">',
    );

    const welcome = await sendEmail(t.ctx, { templateId: "welcome", to: { email: "w@example.org" }, locale: "en" });
    const welcomeEmail = await outboxEmail(t, admin, welcome.id);
    expect(welcomeEmail.textBody).toContain("Hello w@example.org,");
    expect(welcomeEmail.textBody).toContain("https://members.example.org/auth/login");
  });

  it("uses an admin's own wording per locale, falling back by language and then to English", async () => {
    const subjectOf = async (locale: string) => {
      const { id } = await sendEmail(t.ctx, {
        templateId: "reset-password",
        to: { email: "reader@example.org", name: "Kim" },
        locale,
        mergeFields: { RPLINK: "https://members.example.org/auth/reset-password/1" },
      });
      return (await outboxEmail(t, admin, id)).subject;
    };
    expect(await subjectOf("de")).toBe("Setzen Sie Ihr Passwort zurück");

    const saved = await call(t.app, "PUT", "/email/reset-password?locale=de", {
      cookie: admin,
      body: { subject: "Neues Passwort für *|NAME|*", body: "Hallo *|NAME|*,\n\nhier entlang: *|RPLINK|*" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      id: "reset-password",
      locale: "de",
      subject: "Neues Passwort für *|NAME|*",
      body: "Hallo *|NAME|*,\n\nhier entlang: *|RPLINK|*",
      isDefault: false,
    });
    expect((await call(t.app, "GET", "/email/reset-password?locale=de", { cookie: admin })).json()).toMatchObject({
      subject: "Neues Passwort für *|NAME|*",
      isDefault: false,
    });
    expect((await call(t.app, "GET", "/email/reset-password?locale=en", { cookie: admin })).json()).toMatchObject({
      subject: "Reset your password",
      isDefault: true,
    });

    expect(await subjectOf("de")).toBe("Neues Passwort für Kim");
    // Every locale has its own built-in text, which comes before another locale's wording.
    expect(await subjectOf("de@informal")).toBe("Setz dein Passwort zurück");
    expect(await subjectOf("nl")).toBe("Stel je wachtwoord opnieuw in");
    expect(await subjectOf("not-a-locale")).toBe("Reset your password");

    await call(t.app, "PUT", "/email/reset-password?locale=en", {
      cookie: admin,
      body: { subject: "Password help for *|NAME|*", body: "Use *|RPLINK|*" },
    });
    expect(await subjectOf("nl")).toBe("Stel je wachtwoord opnieuw in");
    // A translation an admin emptied is passed over: the English wording speaks instead.
    await call(t.app, "PUT", "/email/reset-password?locale=nl", { cookie: admin, body: { subject: "", body: "" } });
    expect(await subjectOf("nl")).toBe("Password help for Kim");
    expect((await call(t.app, "GET", "/email/reset-password?locale=nl", { cookie: admin })).json()).toMatchObject({
      subject: "",
      isDefault: false,
    });
    await call(t.app, "DELETE", "/email/reset-password?locale=nl", { cookie: admin });

    const reset = await call(t.app, "DELETE", "/email/reset-password?locale=de", { cookie: admin });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ locale: "de", subject: "Setzen Sie Ihr Passwort zurück", isDefault: true });
    expect(await subjectOf("de")).toBe("Setzen Sie Ihr Passwort zurück");
    await call(t.app, "DELETE", "/email/reset-password?locale=en", { cookie: admin });
    expect(await subjectOf("nl")).toBe("Stel je wachtwoord opnieuw in");
  });

  it("refuses unknown templates and merge tags, with errors that say what is wrong", async () => {
    const put = (path: string, body: unknown) => call(t.app, "PUT", path, { cookie: admin, body });
    expect((await call(t.app, "GET", "/email/no-such-email", { cookie: admin })).statusCode).toBe(404);
    expect((await put("/email/no-such-email", { subject: "Hi", body: "Text" })).statusCode).toBe(404);
    expect((await call(t.app, "DELETE", "/email/no-such-email", { cookie: admin })).statusCode).toBe(404);

    const unknownTag = await put("/email/welcome", { subject: "Hi *|FNAME|*", body: "Your code: *|REFCODE|*" });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "body" }] });
    expect(unknownTag.json().message).toContain("Unknown merge field *|REFCODE|*");
    expect(unknownTag.json().message).toContain("*|LOGINLINK|*");

    const unclosed = await put("/email/welcome", { subject: "Hi *|fname|*", body: "Welcome *|FNAME" });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().errors.map((error: { property: string }) => error.property)).toEqual(["subject", "body"]);
    expect(unclosed.json().errors[1].constraints.mergeTagSyntax).toContain("not closed");

    const shape = await put("/email/welcome", { subject: "x".repeat(201), body: "x", extra: true });
    expect(shape.statusCode).toBe(400);
    const properties = shape.json().errors.map((error: { property: string }) => error.property);
    expect(properties).toEqual(expect.arrayContaining(["subject", "extra"]));
    expect((await put("/email/welcome", { subject: "Two\nlines", body: "x" })).statusCode).toBe(400);
    expect((await call(t.app, "GET", "/email/welcome?locale=xx", { cookie: admin })).statusCode).toBe(400);
  });

  it("lists the outbox newest first, a page at a time", async () => {
    for (const name of ["First", "Second", "Third"]) {
      t.clock.advance(60_000);
      await sendEmail(t.ctx, {
        templateId: "new-member",
        to: { email: "desk@example.org" },
        locale: "en",
        mergeFields: { MEMBERNAME: name, MEMBERID: "x" },
      });
    }
    const first = await call(t.app, "GET", "/email-outbox?limit=2", { cookie: admin });
    expect(first.statusCode).toBe(200);
    const page = paginatedSchema(outboxEmailSchema).parse(first.json());
    expect(page.items.map((item) => item.subject)).toEqual(["New member: Third", "New member: Second"]);
    expect(page).toMatchObject({ offset: 0, count: 2 });
    expect(first.json().items[0].textBody).toBeUndefined();
    const next = paginatedSchema(outboxEmailSchema).parse(
      (await call(t.app, "GET", "/email-outbox?limit=2&offset=2", { cookie: admin })).json(),
    );
    expect(next.items[0]?.subject).toBe("New member: First");
    expect(next.total).toBe(page.total);

    expect((await call(t.app, "GET", "/email-outbox/not-an-id", { cookie: admin })).statusCode).toBe(404);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call(t.app, "GET", `/email-outbox/${missing}`, { cookie: admin })).statusCode).toBe(404);
    expect((await call(t.app, "GET", "/email-outbox?limit=500", { cookie: admin })).statusCode).toBe(400);
  });

  it("answers in the organisation's locale when none is asked for", async () => {
    await call(t.app, "PATCH", "/content/general", { cookie: admin, body: { locale: "de" } });
    const response = await call(t.app, "GET", "/email/welcome", { cookie: admin });
    expect(response.json()).toEqual({
      id: "welcome",
      locale: "de",
      subject: "Willkommen bei *|ORGNAME|*",
      body: expect.stringContaining("Guten Tag *|NAME|*,"),
      isDefault: true,
    });
    await call(t.app, "PATCH", "/content/general", { cookie: admin, body: { locale: "en" } });
  });

  it("refuses members and guests on every email route", async () => {
    const member = await loginCookie(t, ["member"]);
    const routes = [
      ["GET", "/email/welcome"],
      ["PUT", "/email/welcome"],
      ["DELETE", "/email/welcome"],
      ["GET", "/email-outbox"],
      ["GET", "/email-outbox/00000000-0000-4000-8000-000000000000"],
    ] as const;
    for (const [method, path] of routes) {
      for (const cookie of [undefined, member]) {
        const body = method === "PUT" ? { subject: "Hi", body: "Text" } : undefined;
        const response = await call(t.app, method, path, { cookie, body });
        expect(response.statusCode, `${method} ${path} as ${cookie ? "member" : "guest"}`).toBe(403);
      }
    }
  });
});

describe("delivery through SMTP", () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: peer.url, APP_URL: "https://members.example.org" });
    admin = await loginCookie(t, ["admin"]);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  beforeEach(() => {
    peer.received.length = 0;
    peer.refuseWith = null;
    peer.delayMs = 0;
  });

  const send = (ctx: AppContext, name: string, options: { db?: Db } = {}) =>
    sendEmail(
      ctx,
      {
        templateId: "confirm-email",
        to: { email: "reader@example.org", name },
        locale: "de",
        mergeFields: { CONFIRMLINK: "https://members.example.org/join/confirm-email/42" },
      },
      options,
    );

  it("sends a new email right away, with its subject, recipient, text and HTML", async () => {
    const { id } = await send(t.ctx, "Jörg <Leser>");
    const [message] = await peer.waitFor(1);
    expect(message!.envelopeTo).toEqual(["reader@example.org"]);
    expect(message!.envelopeFrom).toBe("noreply@localhost");
    expect(message!.headers.get("from")).toBe("Cohort <noreply@localhost>");
    expect(message!.headers.get("x-cohort-email-id")).toBe(id);
    expect(message!.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(message!.text).toContain("Guten Tag Jörg <Leser>,");
    expect(message!.text).toContain("https://members.example.org/join/confirm-email/42");
    expect(message!.html).toContain("Guten Tag Jörg &lt;Leser&gt;,");
    // The email is not in the organisation's language, so its link into the app says which one it is.
    expect(message!.html).toContain('<a href="https://members.example.org/join/confirm-email/42?lang=de"');

    await settleEmailDeliveries(t.database.db);
    const email = await outboxEmail(t, admin, id);
    expect(email).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(email.sentAt).not.toBeNull();
  });

  it("writes inside the caller's transaction: nothing goes out for a rollback, one email for a commit", async () => {
    const undo = t.database.db.transaction(async (tx) => {
      await send(t.ctx, "Rolled back", { db: tx });
      throw new Error("undo");
    });
    await expect(undo).rejects.toThrow("undo");
    const { id } = await t.database.db.transaction((tx) => send(t.ctx, "Committed", { db: tx }));
    await settleEmailDeliveries(t.database.db);
    // Whatever the first try did not find yet, the loop's next run sends.
    await deliverPendingEmails(t.ctx);
    expect(peer.received.map((message) => message.headers.get("x-cohort-email-id"))).toEqual([id]);
    expect(peer.received[0]!.text).toContain("Guten Tag Committed,");
  });

  it("keeps a refused email unsent with the reason, and a later run sends it once", async () => {
    peer.refuseWith = "Mailbox busy, try again later";
    const { id } = await send(t.ctx, "Ada");
    await settleEmailDeliveries(t.database.db);
    const refused = await outboxEmail(t, admin, id);
    expect(refused).toMatchObject({ status: "retrying", sentAt: null, attempts: 1 });
    expect(refused.lastError).toContain("Mailbox busy");

    peer.refuseWith = null;
    expect(await deliverPendingEmails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverPendingEmails(t.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.headers.get("x-cohort-email-id")).toBe(id);
    expect(await outboxEmail(t, admin, id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after five tries", async () => {
    peer.refuseWith = "Mailbox busy";
    const { id } = await send(t.ctx, "Bo");
    await settleEmailDeliveries(t.database.db);
    for (let run = 0; run < 4; run++) expect(await deliverPendingEmails(t.ctx)).toEqual({ sent: 0, failed: 1 });
    expect(await outboxEmail(t, admin, id)).toMatchObject({ status: "failed", attempts: 5 });
    peer.refuseWith = null;
    expect(await deliverPendingEmails(t.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
  });

  it("retries on its own once started, until the peer takes the email", async () => {
    peer.refuseWith = "Not now";
    const { id } = await send(t.ctx, "Cy");
    await settleEmailDeliveries(t.database.db);
    peer.refuseWith = null;
    const loop = startEmailDelivery(t.ctx, 50);
    await peer.waitFor(1);
    await loop.stop();
    expect(await outboxEmail(t, admin, id)).toMatchObject({ status: "sent" });
  });

  // Two copies race only with connections of their own: PGlite's one connection runs their claims in turn.
  it.runIf(inject("database").kind === "postgres")(
    "never sends one email twice when two server copies deliver at the same time",
    async () => {
      const outboxOnly: AppContext = { ...t.ctx, email: new OutboxOnlyEmailProvider() };
      const ids: string[] = [];
      for (let index = 0; index < 12; index++) ids.push((await send(outboxOnly, `Reader ${index}`)).id);

      // The second copy has its own connections (PostgreSQL) or shares the one embedded database (PGlite).
      const pool = postgresPool(t.database.db);
      const second: Database | undefined = pool
        ? await openDatabase({ kind: "postgres", url: pool.options.connectionString!, poolSize: 2 })
        : undefined;
      const otherCopy: AppContext = {
        ...t.ctx,
        db: second?.db ?? t.database.db,
        email: createEmailProvider(t.config.email),
      };
      peer.delayMs = 15;
      try {
        const results = await Promise.all([deliverPendingEmails(t.ctx), deliverPendingEmails(otherCopy)]);
        expect(results[0].sent + results[1].sent).toBe(12);
      } finally {
        otherCopy.email.close();
        await second?.close();
      }
      const sentIds = peer.received.map((message) => message.headers.get("x-cohort-email-id"));
      expect(sentIds).toHaveLength(12);
      expect(new Set(sentIds)).toEqual(new Set(ids));
      for (const id of ids) expect(await outboxEmail(t, admin, id)).toMatchObject({ status: "sent", attempts: 1 });
    },
  );
});

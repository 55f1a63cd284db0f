import type { CalloutAnswers, FormComponent } from "@cohort/common/callout-form";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { calloutReviewers } from "../../src/db/schema/index.js";
import type { ContactRow } from "../../src/modules/contacts/queries.js";
import { loginAs, makeCallout, respond, type MadeCallout } from "./callout-factory.js";
import { makeContact, PASSWORD } from "./factories.js";
import { call, sessionCookie, type TestApp } from "./test-app.js";

/** One slide with an input of every filter type, and a second with an address and a file. */
export function inboxForm(): FormSchemaInput {
  const components: FormComponent[] = [
    { id: "c1", key: "name", type: "textfield", label: "Name", input: true },
    { id: "c2", key: "story", type: "textarea", label: "Your story", input: true },
    { id: "c3", key: "age", type: "number", label: "Age", input: true },
    { id: "c4", key: "agree", type: "checkbox", label: "Agree", input: true },
    {
      id: "c5",
      key: "colour",
      type: "select",
      label: "Colour",
      input: true,
      data: {
        values: [
          { label: "Red", value: "red" },
          { label: "Blue", value: "blue" },
        ],
      },
    },
    {
      id: "c6",
      key: "pets",
      type: "selectboxes",
      label: "Pets",
      input: true,
      values: [
        { label: "Cats", value: "cats" },
        { label: "Dogs", value: "dogs" },
      ],
    },
  ];
  return {
    slides: [
      { id: "s1", title: "One", navigation: { nextSlideId: null }, components },
      {
        id: "s2",
        title: "Two",
        navigation: { nextSlideId: null },
        components: [{ id: "c7", key: "where", type: "address", label: "Where", input: true }],
      },
    ],
  };
}

export function inboxAnswers(name: string, extra: Partial<Record<string, unknown>> = {}): CalloutAnswers {
  return {
    s1: {
      name,
      story: `The story of ${name}`,
      age: 30,
      agree: true,
      colour: "red",
      pets: { cats: true, dogs: false },
      ...extra,
    },
    s2: {},
  };
}

export interface Person {
  row: ContactRow;
  cookie: string;
}

export interface InboxFixture {
  callout: MadeCallout;
  other: MadeCallout;
  admin: Person;
  member: Person;
  reviewer: Person;
  otherReviewer: Person;
  apiKey: string;
  /** Ids of the member's responses to `callout`, oldest first. */
  responseIds: string[];
  /** A response to the other callout. */
  otherResponseId: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const rulesQuery = (rules: unknown[], condition: "AND" | "OR" = "AND") =>
  `rules=${encodeURIComponent(JSON.stringify({ condition, rules }))}`;

async function person(t: TestApp, roles: ("admin" | "member" | "superadmin")[]): Promise<Person> {
  const row = await makeContact(t.database.db, { roles });
  return { row, cookie: await loginAs(t.app, row) };
}

/** Two open callouts, each with a reviewer, a member who answered both, an admin and an API key. */
export async function makeInboxFixture(t: TestApp, names = ["Ada", "Bea", "Cy"]): Promise<InboxFixture> {
  const callout = await makeCallout(t.database.db, t.clock, {
    access: "member",
    allowMultiple: true,
    formSchema: inboxForm(),
  });
  const other = await makeCallout(t.database.db, t.clock, { access: "member", allowMultiple: true });
  const admin = await person(t, ["admin", "member"]);
  const member = await person(t, ["member"]);
  const reviewer = await person(t, ["member"]);
  const otherReviewer = await person(t, ["member"]);
  const now = t.clock.now();
  await t.database.db.insert(calloutReviewers).values([
    { id: crypto.randomUUID(), calloutId: callout.id, contactId: reviewer.row.id, createdAt: now },
    { id: crypto.randomUUID(), calloutId: other.id, contactId: otherReviewer.row.id, createdAt: now },
  ]);
  const responseIds: string[] = [];
  for (const [index, name] of names.entries()) {
    t.clock.advance(60_000);
    const response = await respond(
      t.app,
      callout.id,
      { answers: inboxAnswers(name, { age: 20 + index * 10, colour: index % 2 ? "blue" : "red" }) },
      { cookie: member.cookie },
    );
    if (response.statusCode !== 200) throw new Error(response.body);
    responseIds.push(response.json().id as string);
  }
  t.clock.advance(60_000);
  const otherResponse = await respond(
    t.app,
    other.id,
    { answers: { slide1: { name: "Elsewhere", colour: "blue", age: 5 }, slide2: { consent: true } } },
    { cookie: member.cookie },
  );
  if (otherResponse.statusCode !== 200) throw new Error(otherResponse.body);
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
  const superCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
  const key = await call(t.app, "POST", "/api-key", {
    cookie: superCookie,
    body: { description: "Inbox", currentPassword: PASSWORD },
  });
  if (key.statusCode !== 200) throw new Error(key.body);
  return {
    callout,
    other,
    admin,
    member,
    reviewer,
    otherReviewer,
    apiKey: key.json().token as string,
    responseIds,
    otherResponseId: otherResponse.json().id as string,
  };
}

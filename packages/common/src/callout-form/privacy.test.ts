import { describe, expect, it } from "vitest";
import type { CalloutForm, FormComponent } from "./model.js";
import {
  identifiesPerson,
  isNameField,
  isPublicAnswer,
  publicAnswers,
  publicAnswersOf,
  repeatsGuestDetails,
} from "./privacy.js";

const input = (type: FormComponent["type"], key: string, extra: Partial<FormComponent> = {}): FormComponent => ({
  id: key,
  key,
  type,
  input: true,
  ...extra,
});

describe("isNameField", () => {
  it.each([
    ["name", "Name"],
    ["yourName", "Your name"],
    ["firstName", "First name"],
    ["last_name", ""],
    ["surname", ""],
    ["textfield", "Vorname"],
    ["textfield", "Nome completo"],
    ["textfield", "Voornaam"],
    ["textfield", "Ваше имя"],
    ["whatsYourName", "What's your name?"],
  ])("recognises %s / %s", (key, label) => {
    expect(isNameField({ type: "textfield", key, label })).toBe(true);
  });

  it.each([
    ["streetName", "Street name"],
    ["textfield", "Name der Schule"],
    ["companyName", "Company name"],
    ["username", "Username"],
    ["what", "What happened?"],
  ])("leaves %s / %s alone", (key, label) => {
    expect(isNameField({ type: "textfield", key, label })).toBe(false);
  });

  it("only looks at text fields", () => {
    expect(isNameField({ type: "textarea", key: "name", label: "Name" })).toBe(false);
  });
});

describe("isPublicAnswer", () => {
  it("keeps emails, phone numbers, signatures, names and answers marked personal private", () => {
    for (const component of [
      input("email", "contact"),
      input("phoneNumber", "phone"),
      input("signature", "sign"),
      input("textfield", "fullName"),
      input("textarea", "story", { personal: true }),
    ]) {
      expect(identifiesPerson(component)).toBe(true);
      expect(isPublicAnswer(component)).toBe(false);
      expect(isPublicAnswer({ ...component, showPublicly: true })).toBe(true);
    }
  });

  it("shows other answers unless kept private, and keeping private wins over showing", () => {
    expect(isPublicAnswer(input("textarea", "story"))).toBe(true);
    expect(isPublicAnswer(input("textarea", "story", { adminOnly: true }))).toBe(false);
    expect(isPublicAnswer(input("email", "contact", { adminOnly: true, showPublicly: true }))).toBe(false);
  });

  it("never shows content or layout", () => {
    expect(isPublicAnswer({ id: "c", key: "intro", type: "content", html: "<p>Hi</p>" })).toBe(false);
  });
});

const form: Pick<CalloutForm, "slides"> = {
  slides: [
    {
      id: "s1",
      title: "",
      navigation: {},
      components: [
        input("textfield", "name", { label: "Your name" }),
        input("email", "email", { label: "Email" }),
        {
          id: "p",
          key: "panel",
          type: "panel",
          components: [
            input("phoneNumber", "phone", { label: "Phone", showPublicly: true }),
            input("textarea", "story", { label: "What happened?" }),
          ],
        },
      ],
    },
    { id: "s2", title: "", navigation: {}, components: [input("signature", "sign", { label: "Sign here" })] },
  ],
};

describe("publicAnswers", () => {
  it("lists what the public sees by label, telling answers that identify a person", () => {
    expect(publicAnswers(form)).toEqual([
      { slideId: "s1", key: "phone", fullKey: "s1.phone", label: "Phone", identifiesPerson: true },
      { slideId: "s1", key: "story", fullKey: "s1.story", label: "What happened?", identifiesPerson: false },
    ]);
  });
});

describe("publicAnswersOf", () => {
  const answers = {
    s1: { name: "Gina", email: "gina@example.org", phone: "+44 20 7946 0000", story: "Water everywhere" },
    s2: { sign: "data:image/png;base64,AAAA" },
  };

  it("keeps only public answers, with every slide", () => {
    expect(publicAnswersOf(form, answers)).toEqual({
      s1: { phone: "+44 20 7946 0000", story: "Water everywhere" },
      s2: {},
    });
  });

  it("drops answers that repeat the guest's own name or email", () => {
    const guest = { guestName: "Gina Guest", guestEmail: "gina@example.org" };
    expect(
      publicAnswersOf(form, { s1: { phone: " GINA@example.org ", story: "Ask gina@example.org" } }, guest),
    ).toEqual({ s1: {}, s2: {} });
    expect(publicAnswersOf(form, { s1: { story: "gina guest" } }, guest)).toEqual({ s1: {}, s2: {} });
    expect(publicAnswersOf(form, { s1: { story: "Gina saw it" } }, guest)).toEqual({
      s1: { story: "Gina saw it" },
      s2: {},
    });
  });

  it("leaves nothing out for responses without guest details", () => {
    expect(repeatsGuestDetails("anything", {})).toBe(false);
    expect(repeatsGuestDetails(["a", "b"], { guestName: "b" })).toBe(true);
  });
});

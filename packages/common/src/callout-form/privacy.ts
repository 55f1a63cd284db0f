import type { Answer, CalloutAnswers, CalloutForm, FormComponent } from "./model.js";
import { formAnswer } from "./conditional.js";
import { inputComponents, isInputComponent } from "./model.js";

/**
 * Which answers the public map and gallery may show (decision 053). One rule
 * for the server's public feeds and the editor's warning:
 *
 * - `adminOnly: true` ("Keep this answer private") keeps any answer private.
 * - Answers that identify a person are private unless the component says
 *   `showPublicly: true`. They are emails, phone numbers, signatures, name
 *   fields (see `isNameField`) and components marked `personal: true`.
 * - Every other input is public, as before.
 *
 * `showPublicly` and `personal` are extra Form.io properties, which the
 * reference keeps as they are, so forms round-trip through it.
 */

const IDENTIFYING_TYPES: ReadonlySet<string> = new Set(["email", "phoneNumber", "signature"]);

/** Words that ask for a person's name, in the languages Cohort speaks (keys are lower-cased, unaccented). */
const NAME_WORDS: ReadonlySet<string> = new Set([
  "name",
  "names",
  "firstname",
  "lastname",
  "fullname",
  "surname",
  "forename",
  "nickname",
  "vorname",
  "nachname",
  "familienname",
  "naam",
  "voornaam",
  "achternaam",
  "nome",
  "cognome",
  "sobrenome",
  "имя",
  "фамилия",
  "отчество",
  "фио",
]);

/** Words that make a name field about something other than a person: "Street name", "Name of your school". */
const THING_WORDS: ReadonlySet<string> = new Set([
  "street",
  "road",
  "place",
  "town",
  "city",
  "village",
  "company",
  "business",
  "organisation",
  "organization",
  "group",
  "team",
  "school",
  "product",
  "project",
  "event",
  "file",
  "pet",
  "user",
  "strasse",
  "ort",
  "firma",
  "unternehmen",
  "verein",
  "schule",
  "straat",
  "plaats",
  "bedrijf",
  "rua",
  "cidade",
  "empresa",
  "escola",
  "via",
  "citta",
  "azienda",
  "scuola",
  "улица",
  "город",
  "компания",
  "организация",
  "школа",
]);

/** The words of a key or label: "firstName", "First name" and "first_name" all give first, name. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether a text field asks for a person's name: its key or its label has a
 * name word ("name", "firstName", "Vorname", "Nome completo", "Имя") and no
 * word that makes it the name of a thing ("streetName", "Name der Schule").
 * The builder derives keys from labels, so both are looked at.
 */
export function isNameField(component: Pick<FormComponent, "type" | "key" | "label">): boolean {
  if (component.type !== "textfield") return false;
  return [component.key, component.label ?? ""].some((text) => {
    const words = wordsOf(text);
    return words.some((word) => NAME_WORDS.has(word)) && !words.some((word) => THING_WORDS.has(word));
  });
}

/** Whether a component's answers identify a person by what it asks: an email, phone number, signature or name. */
export function asksForIdentity(component: FormComponent): boolean {
  return isInputComponent(component) && (IDENTIFYING_TYPES.has(component.type) || isNameField(component));
}

/** Whether the answers of a component identify the person who gave them, by kind or as the admin marked it. */
export function identifiesPerson(component: FormComponent): boolean {
  return isInputComponent(component) && (component.personal === true || asksForIdentity(component));
}

/** Whether the public map and gallery may show this component's answers. */
export function isPublicAnswer(component: FormComponent): boolean {
  if (!isInputComponent(component) || component.adminOnly === true) return false;
  return !identifiesPerson(component) || component.showPublicly === true;
}

export interface PublicAnswerRef {
  slideId: string;
  key: string;
  fullKey: string;
  label: string;
  /** The answer identifies a person, and the admin chose to show it. */
  identifiesPerson: boolean;
}

/** The answers a public map or gallery of this form shows, in form order: what the editor warns of. */
export function publicAnswers(form: Pick<CalloutForm, "slides">): PublicAnswerRef[] {
  return inputComponents(form)
    .filter(({ component }) => isPublicAnswer(component))
    .map(({ slide, component, fullKey }) => ({
      slideId: slide.id,
      key: component.key,
      fullKey,
      label: component.label?.trim() || component.key,
      identifiesPerson: identifiesPerson(component),
    }));
}

/** A guest's own contact details, as given beside the answers. */
export interface GuestDetails {
  guestName?: string | null;
  guestEmail?: string | null;
}

const normalised = (text: string) => text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Whether an answer repeats a guest's own name or email (whole, or the
 * email within a longer text). A guest's contact details are never public,
 * even in an answer the admin chose to show.
 */
export function repeatsGuestDetails(answer: Answer | undefined, guest: GuestDetails): boolean {
  const details = [guest.guestName, guest.guestEmail].flatMap((detail) =>
    detail && normalised(detail) ? [normalised(detail)] : [],
  );
  if (details.length === 0) return false;
  const email = guest.guestEmail ? normalised(guest.guestEmail) : "";
  return [answer].flat().some((value) => {
    if (typeof value !== "string") return false;
    const text = normalised(value);
    return details.includes(text) || (email !== "" && text.includes(email));
  });
}

/**
 * The answers of a response the public may see: the public components'
 * answers that hold something, under every slide (an empty object for a
 * slide with none), without any that repeats the guest's own details.
 */
export function publicAnswersOf(
  form: Pick<CalloutForm, "slides">,
  answers: CalloutAnswers,
  guest: GuestDetails = {},
): CalloutAnswers {
  const shown = new Map(form.slides.map((slide) => [slide.id, [] as string[]]));
  for (const ref of publicAnswers(form)) shown.get(ref.slideId)?.push(ref.key);
  // Built from entries, so a slide or key named `__proto__` is an own property, not a prototype.
  return Object.fromEntries(
    [...shown].map(([slideId, keys]) => [
      slideId,
      Object.fromEntries(
        keys.flatMap((key) => {
          const answer = formAnswer(answers, slideId, key);
          return answer && !repeatsGuestDetails(answer, guest) ? [[key, answer]] : [];
        }),
      ),
    ]),
  );
}

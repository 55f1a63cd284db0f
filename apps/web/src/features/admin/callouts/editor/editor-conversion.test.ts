import { describe, expect, it } from "vitest";
import type { Callout, CreateCallout } from "@cohort/common/callouts";
import { calloutStatus, createCalloutSchema } from "@cohort/common/callouts";
import { field, panel, slide } from "../../../../test/builder-fixtures";
import type { NewCalloutTexts } from "./editor-conversion";
import { fromLocalInput, toLocalInput } from "../../shared/local-date-input";
import { calloutPayload, editorValuesFrom } from "./editor-conversion";
import type { CalloutEditorValues } from "./editor-values";
import { emptyTranslation } from "./editor-values";
import { calloutDates, saveBody } from "./save-intent";

const texts: NewCalloutTexts = { slideTitle: "Slide 1", thanksTitle: "Thank you!" };
const NOW = new Date("2025-05-01T09:00:00.000Z");

/** What the server answers for a saved payload with `with=form,variants,responseViewSchema`. */
function asLoaded(body: CreateCallout, slug = body.slug ?? "callout"): Callout {
  const variant = body.variants.default!;
  const starts = body.starts ?? null;
  const expires = body.expires ?? null;
  return {
    id: "0b7c5f8e-4c7a-4b0e-9a39-6f1d2e3c4b5a",
    slug,
    title: variant.title,
    excerpt: variant.excerpt,
    image: body.image,
    starts,
    expires,
    allowUpdate: body.allowUpdate,
    allowMultiple: body.allowMultiple,
    hidden: body.hidden,
    access: body.access,
    captcha: body.captcha,
    status: calloutStatus(starts ? new Date(starts) : null, expires ? new Date(expires) : null, NOW),
    channels: body.channels ?? null,
    formSchema: {
      slides: body.formSchema.slides.map((item) => ({
        ...item,
        navigation: { ...variant.slideNavigation[item.id], nextSlideId: item.navigation.nextSlideId ?? null },
      })),
    },
    newsletterSchema: body.newsletterSchema ?? null,
    responseViewSchema: body.responseViewSchema ?? null,
    variants: body.variants,
  };
}

function fullValues(): CalloutEditorValues {
  const base = editorValuesFrom(null, texts, "slide1");
  const choice = {
    ...field("c2", "colour", "radio"),
    label: "Colour",
    values: [
      { label: "Red", value: "red", nextSlideId: "slide2" },
      { label: "Blue", value: "blue" },
    ],
  };
  const upload = { ...field("c4", "photo", "file"), label: "Photo", multiple: true };
  const where = { ...field("c5", "where", "address"), label: "Where" };
  const second = slide("slide2", [{ ...field("c6", "story", "textarea"), label: "Your story" }]);
  second.navigation = { prevText: "Go back", nextText: "", submitText: "Send my story", nextSlideId: null };
  const first = slide("slide1", [
    { ...field("c1", "name"), label: "Name", description: "First and last" },
    panel("p1", [choice, upload]),
    where,
  ]);
  first.navigation = { prevText: "", nextText: "Onwards", submitText: "", nextSlideId: "slide2" };
  const german = emptyTranslation("de");
  return {
    ...base,
    slides: [first, second],
    title: "Where do you cycle?",
    slug: "where-do-you-cycle",
    excerpt: "Tell us your routes",
    image: "https://example.org/image.jpg",
    intro: "<p>Hello</p>",
    thanksText: "<p>We read every answer.</p>",
    isShareCustom: true,
    shareTitle: "Share me",
    shareDescription: "A short description",
    endMode: "scheduled",
    endDate: "2025-06-30T18:00",
    openTo: "everyone",
    contactInfo: "required",
    isVisible: false,
    captcha: "guest",
    hasNewsletter: true,
    newsletter: { title: "News", text: "Get news", optIn: "Yes please", groups: [] },
    responseMode: "single-editable",
    showResponses: true,
    gallery: true,
    hasMap: true,
    buckets: ["verified"],
    titleProp: "slide1.name",
    imageProp: "slide1.photo",
    map: {
      ...base.map,
      style: "https://tiles.example.org/style.json",
      center: "13.4, 52.5",
      addressProp: "slide1.where",
      addressPatternProp: "slide1.name",
      addressPattern: "{street}",
    },
    translations: [
      {
        ...german,
        title: "Wo fahren Sie Rad?",
        excerpt: "Erzählen Sie",
        intro: "<p>Hallo</p>",
        thanksTitle: "Danke!",
        thanksText: "<p>Wir lesen alles.</p>",
        shareTitle: "Teilen",
        shareDescription: "Kurz",
        slideNavigation: {
          slide1: { prevText: "", nextText: "Weiter", submitText: "" },
          slide2: { prevText: "Zurück", nextText: "", submitText: "Senden" },
        },
        componentText: {
          Name: "Name",
          "First and last": "Vor- und Nachname",
          p1: "",
          Colour: "Farbe",
          Red: "Rot",
          Blue: "Blau",
          Photo: "Foto",
          Where: "Wo",
          "Your story": "Ihre Geschichte",
        },
      },
    ],
  };
}

describe("editor values and the callout payload", () => {
  it("start a new callout with one slide and sensible settings", () => {
    const values = editorValuesFrom(null, texts, "slideabc123");
    expect(values.slides).toEqual([
      {
        id: "slideabc123",
        title: "Slide 1",
        components: [],
        navigation: { prevText: "", nextText: "", submitText: "", nextSlideId: null },
      },
    ]);
    expect(values).toMatchObject({ slugMode: "auto", openTo: "members", responseMode: "single-final" });
    expect(calloutPayload(values).variants.default!.slideNavigation).toEqual({
      slideabc123: { prevText: "", nextText: "", submitText: "" },
    });
  });

  it("load button texts the builder once saved at a default wording as empty, so they follow the reader's language", () => {
    const body = saveBody("draft", fullValues(), { id: "x", status: "draft", starts: null }, NOW);
    body.variants.default!.slideNavigation = {
      slide1: { prevText: "Back", nextText: "Weiter", submitText: "Send" },
      slide2: { prevText: " Назад ", nextText: "Next", submitText: "Send my story" },
    };
    const loaded = editorValuesFrom(asLoaded(body), texts, "unused");
    expect(loaded.slides.map((item) => item.navigation)).toEqual([
      { prevText: "", nextText: "", submitText: "", nextSlideId: "slide2" },
      { prevText: "", nextText: "", submitText: "Send my story", nextSlideId: null },
    ]);
    expect(loaded.translations[0]!.slideNavigation.slide2).toEqual({
      prevText: "Zurück",
      nextText: "",
      submitText: "Senden",
    });
  });

  it("round-trip: a saved callout loads into the same values", () => {
    const values = fullValues();
    const body = saveBody("draft", values, { id: "x", status: "draft", starts: null }, NOW);
    expect(createCalloutSchema.safeParse(body).error?.issues).toBeUndefined();
    expect(editorValuesFrom(asLoaded(body), texts, "unused")).toEqual(values);
  });

  it("a copy's numbered slug follows its title: kept while the title stays, new once it changes", () => {
    const body = saveBody("draft", fullValues(), { id: "x", status: "draft", starts: null }, NOW);
    const copy = editorValuesFrom(asLoaded(body, `${body.slug ?? "where-do-you-cycle"}-2`), texts, "unused");
    expect(copy.slugMode).toBe("auto");
    expect(calloutPayload(copy).slug).toBe(copy.slug);
    expect(calloutPayload({ ...copy, title: "Where do you walk?" }).slug).toBe("where-do-you-walk");
  });

  it("maps the access questions and response modes to the wire fields", () => {
    const values = fullValues();
    const payload = calloutPayload(values);
    expect(payload).toMatchObject({ access: "guest", allowMultiple: false, allowUpdate: true, hidden: true });
    expect(calloutPayload({ ...values, contactInfo: "none" }).access).toBe("only-anonymous");
    expect(calloutPayload({ ...values, contactInfo: "optional" }).access).toBe("anonymous");
    expect(calloutPayload({ ...values, openTo: "members" }).access).toBe("member");
    expect(calloutPayload({ ...values, responseMode: "multiple" })).toMatchObject({ allowMultiple: true });
  });

  it("sends either thank-you texts or only a redirect, and share texts only when customised", () => {
    const values = { ...fullValues(), endScreen: "redirect" as const, thanksRedirect: "https://example.org/done" };
    const variant = calloutPayload({ ...values, isShareCustom: false }).variants.default!;
    expect(variant).toMatchObject({
      thanksTitle: "",
      thanksText: "",
      thanksRedirect: "https://example.org/done",
      shareTitle: null,
      shareDescription: null,
    });
    expect(calloutPayload(values).variants.de).toMatchObject({ thanksRedirect: "https://example.org/done" });
  });

  it("keeps only the translations of texts the form still has", () => {
    const values = fullValues();
    values.translations[0]!.componentText = { Gone: "Weg", Name: "Name" };
    const componentText = calloutPayload(values).variants.de!.componentText;
    expect(componentText).not.toHaveProperty("Gone");
    expect(componentText).toMatchObject({ Name: "Name", Colour: "" });
  });

  it("sends no map without the map switched on, and no display settings when responses are private", () => {
    const values = fullValues();
    expect(calloutPayload({ ...values, hasMap: false }).responseViewSchema?.map).toBeNull();
    expect(calloutPayload({ ...values, showResponses: false }).responseViewSchema).toBeNull();
    expect(calloutPayload(values).responseViewSchema?.map).toMatchObject({ center: [13.4, 52.5] });
  });
});

describe("the dates a save sends", () => {
  const values = fullValues();
  const expires = fromLocalInput("2025-06-30T18:00");

  it("drafts have no start; publishing starts now or at the scheduled time", () => {
    expect(calloutDates("draft", values, NOW)).toEqual({ starts: null, expires });
    expect(calloutDates("publish", values, NOW)).toEqual({ starts: NOW.toISOString(), expires });
    const scheduled = { ...values, startMode: "scheduled" as const, startDate: "2025-06-01T08:30" };
    expect(calloutDates("publish", scheduled, NOW).starts).toBe(fromLocalInput("2025-06-01T08:30"));
  });

  it("an update of a live callout leaves its start alone", () => {
    expect(calloutDates("update", { ...values, endMode: "never" }, NOW)).toEqual({ expires: null });
  });

  it("a new callout whose slug follows the title lets the server choose it", () => {
    const auto = { ...values, slugMode: "auto" as const };
    expect(saveBody("draft", auto, { id: null, status: null, starts: null }, NOW)).not.toHaveProperty("slug");
    expect(saveBody("draft", auto, { id: "x", status: "draft", starts: null }, NOW).slug).toBe("where-do-you-cycle");
    const manual = { ...values, slugMode: "manual" as const, slug: "cycling" };
    expect(saveBody("draft", manual, { id: null, status: null, starts: null }, NOW).slug).toBe("cycling");
  });

  it("datetime-local values go back and forth", () => {
    expect(toLocalInput(fromLocalInput("2025-06-30T18:00"))).toBe("2025-06-30T18:00");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("not a date")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { field, panel, slide } from "../../../../test/builder-fixtures";
import { editorValuesFrom } from "./editor-conversion";
import { calloutIssues, editorPath } from "./editor-schema";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";
import { emptyTranslation } from "./editor-values";

const draft: EditorTarget = { id: null, status: null, starts: null };
const texts = { slideTitle: "Slide 1", thanksTitle: "Thanks" };

function valid(): CalloutEditorValues {
  const values = editorValuesFrom(null, texts, "slide1");
  return { ...values, title: "Potholes", slides: [{ ...values.slides[0]!, components: [field("a", "name")] }] };
}

const paths = (values: CalloutEditorValues, target = draft) =>
  calloutIssues(values, target).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("callout editor validation", () => {
  it("accepts a titled callout with one question", () => {
    expect(paths(valid())).toEqual([]);
  });

  it("asks for a title and a question on every slide, and takes empty button texts as the defaults", () => {
    const values = valid();
    values.title = " ";
    values.slides[0]!.navigation.nextText = "";
    values.slides.push({
      ...slide("slide2"),
      navigation: { prevText: "", nextText: "", submitText: "", nextSlideId: null },
    });
    expect(paths(values)).toEqual([
      "title: adminCallouts.validation.titleRequired",
      "slides.1.components: adminCallouts.validation.slideEmpty",
    ]);
  });

  it("puts a repeated key on each component that uses it, however deep", () => {
    const values = valid();
    values.slides[0]!.components = [field("a", "name"), panel("p", [field("b", "name")])];
    expect(paths(values)).toEqual([
      "slides.0.components.0.key: adminCallouts.validation.keyTaken",
      "slides.0.components.1.components.0.key: adminCallouts.validation.keyTaken",
    ]);
  });

  it("reports the shared schema's findings on the editor's fields", () => {
    const values = valid();
    values.endScreen = "redirect";
    values.thanksRedirect = "not a link";
    values.slides[0]!.components = [{ ...field("a", "bad key") }];
    values.excerpt = "x".repeat(2001);
    expect(paths(values)).toEqual(
      expect.arrayContaining([
        "thanksRedirect: adminCallouts.validation.urlInvalid",
        "slides.0.components.0.key: adminCallouts.validation.keyCharacters",
        'excerpt: validation.tooLong|{"max":2000}',
      ]),
    );
  });

  it("checks dates against the start the callout will have", () => {
    const values = { ...valid(), startMode: "scheduled" as const, startDate: "", endMode: "scheduled" as const };
    expect(paths(values)).toEqual([
      "startDate: adminCallouts.validation.dateRequired",
      "endDate: adminCallouts.validation.dateRequired",
    ]);
    const live: EditorTarget = { id: "x", status: "open", starts: "2025-05-01T00:00:00.000Z" };
    expect(paths({ ...values, endDate: "2025-04-01T10:00" }, live)).toEqual([
      "endDate: adminCallouts.validation.endAfterStart",
    ]);
  });

  it("checks the map settings", () => {
    const values = { ...valid(), showResponses: true, hasMap: true, gallery: true };
    values.map = { ...values.map, center: "200, 1", bounds: "1, 2, 3", minZoom: "5", initialZoom: "2" };
    expect(paths(values)).toEqual([
      "imageProp: adminCallouts.validation.imageFieldRequired",
      "map.addressProp: adminCallouts.validation.addressFieldRequired",
      "map.center: adminCallouts.validation.centerInvalid",
      "map.bounds: adminCallouts.validation.boundsInvalid",
      "map.initialZoom: adminCallouts.validation.zoomOrder",
    ]);
  });

  it("lets a draft keep display settings half filled in, and checks them for publishing", () => {
    const values = { ...valid(), showResponses: true, hasMap: true, gallery: true };
    expect(calloutIssues(values, draft, "draft")).toEqual([]);
    expect(calloutIssues(values, draft, "publish").map((issue) => issue.path.join("."))).toEqual([
      "imageProp",
      "map.addressProp",
    ]);
  });

  it("maps payload paths to the fields that show them", () => {
    const values = valid();
    values.translations = [emptyTranslation("nl")];
    expect(editorPath(values, ["variants", "default", "slideNavigation", "slide1", "nextText"])).toEqual([
      "slides",
      0,
      "navigation",
      "nextText",
    ]);
    expect(editorPath(values, ["variants", "nl", "title"])).toEqual(["translations", 0, "title"]);
    expect(editorPath(values, ["variants", "nl", "componentText", "Long text"])).toEqual([
      "translations",
      0,
      "componentText",
    ]);
    expect(editorPath(values, ["responseViewSchema", "map", "center", 0])).toEqual(["map", "center"]);
    expect(editorPath(values, ["formSchema", "slides", 0, "components", 2, "key"])).toEqual([
      "slides",
      0,
      "components",
      2,
      "key",
    ]);
    expect(editorPath(values, ["expires"])).toEqual(["endDate"]);
    expect(editorPath(values, ["somethingElse"])).toEqual(["root"]);
  });
});

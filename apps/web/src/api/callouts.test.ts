import { describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../test/json-response";
import { calloutVariant, fetchPublicCallout, readCallout } from "./callouts";
import { UnexpectedAnswerError } from "./read-body";
import { fetchMock, stubFetch } from "../test/harness";

const callout = {
  id: "0b9e8f36-7c0a-4f4e-9a55-1d2b3c4d5e6f",
  slug: "river-walk",
  title: "Tell us about the river",
  excerpt: "",
  image: "",
  starts: null,
  expires: null,
  allowUpdate: false,
  allowMultiple: false,
  hidden: false,
  access: "anonymous",
  captcha: "none",
  status: "open",
  channels: null,
  formSchema: { slides: [{ id: "s", title: "s", components: [], navigation: {} }] },
};

describe("public callout calls", () => {
  stubFetch();
  it("reads the texts of the visitor's language when the callout has that variant", async () => {
    fetchMock.mockImplementation(async (input) => {
      const variant = new URL(requestUrl(input), "http://localhost").searchParams.get("variant");
      return jsonResponse(200, {
        ...callout,
        variantNames: ["default", "de"],
        title: variant ? "Der Fluss" : "The river",
      });
    });
    await expect(fetchPublicCallout("river-walk", "de")).resolves.toMatchObject({ title: "Der Fluss" });
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls).toEqual([
      "/api/1.0/callout/river-walk?with=form&with=hasAnswered&with=variantNames&with=responseViewSchema",
      "/api/1.0/callout/river-walk?with=form&with=hasAnswered&with=variantNames&with=responseViewSchema&variant=de",
    ]);
  });

  it("keeps the default texts when there is no variant for the language", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...callout, variantNames: ["default", "nl"] }));
    await expect(fetchPublicCallout("river-walk", "de")).resolves.toMatchObject({ title: "Tell us about the river" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("refuses answers that lack what the pages rely on", () => {
    expect(readCallout(callout)).toBe(callout);
    expect(() => readCallout({ ...callout, status: "archived" })).toThrow(UnexpectedAnswerError);
    expect(() => readCallout({ ...callout, formSchema: { slides: [{ id: 1 }] } })).toThrow(UnexpectedAnswerError);
    expect(() => readCallout(null)).toThrow(UnexpectedAnswerError);
  });
});

describe("calloutVariant", () => {
  const callout = { variantNames: ["default", "de", "nl"] };

  it("reads the locale's own variant, else the default one", () => {
    expect(calloutVariant(callout, "de")).toBe("de");
    expect(calloutVariant(callout, "pt")).toBe("default");
    expect(calloutVariant({ variantNames: undefined }, "de")).toBe("default");
  });

  it("gives a variety of a language the plain language's texts before the default ones", () => {
    expect(calloutVariant(callout, "de@informal")).toBe("de");
    expect(calloutVariant(callout, "de@easy")).toBe("de");
    expect(calloutVariant({ variantNames: ["default", "de", "de@easy"] }, "de@easy")).toBe("de@easy");
    expect(calloutVariant({ variantNames: ["default", "nl"] }, "de@informal")).toBe("default");
  });
});

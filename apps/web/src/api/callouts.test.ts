import { describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../test/json-response";
import { fetchPublicCallout, readCallout } from "./callouts";
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

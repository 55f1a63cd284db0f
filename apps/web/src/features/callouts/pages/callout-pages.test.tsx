import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Callout } from "@cohort/common/callouts";
import { activateLocale } from "../../../app/i18n/i18n";
import { contact, jsonResponse, requestUrl } from "../../../test/json-response";
import { CalloutMainPage } from "./callout-main-page";
import { CalloutPage } from "./callout-page";
import { CalloutRespondPage } from "./callout-respond-page";
import { CalloutThanksPage } from "./callout-thanks-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";
import { riverCallout } from "../../../test/callouts";

const HMAC_KEY = "test key";

let posted: { url: string; body: unknown }[] = [];

interface Answers {
  /** Answers a GET the test cares about. */
  extra?: (url: string) => Response | undefined;
  /** The error body a response POST gets, instead of success. */
  refusal?: unknown;
}

function serve(callout: Callout, { extra = () => undefined, refusal }: Answers = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    // How far the visit got in the form (decision 073): counted, nothing to answer.
    if (url.endsWith("/responses/funnel")) return new Response(null, { status: 204 });
    if (init?.method === "POST" && url.includes("/responses")) {
      posted.push({ url, body: JSON.parse(init.body as string) });
      return refusal ? jsonResponse(400, refusal) : jsonResponse(200, { id: "5a3c0c8e-1b2d-4e5f-8a9b-0c1d2e3f4a5b" });
    }
    const answer = extra(url);
    if (answer) return answer;
    if (url.includes("/contact/me")) return jsonResponse(401, { code: "not-authenticated" });
    if (url.startsWith("/api/1.0/callout/river-walk?")) return jsonResponse(200, callout);
    return jsonResponse(404, { code: "not-found" });
  });
}

/** The language a text is read in: that of its nearest element with a `lang`, the page's at the top. */
function langOf(element: Element): string | null | undefined {
  return element.closest("[lang]")?.getAttribute("lang");
}

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: "/callouts/:id",
        Component: CalloutPage,
        children: [
          { index: true, Component: CalloutMainPage },
          { path: "respond", Component: CalloutRespondPage },
          { path: "thanks", Component: CalloutThanksPage },
        ],
      },
      { path: "/auth/login", element: <h1>Log in page</h1> },
    ],
    path,
  );
}

describe("public callout pages", () => {
  stubFetch();
  beforeEach(() => {
    posted = [];
    // The respond form keeps a draft of its answers in the tab (decision 048); each test starts without one.
    sessionStorage.clear();
  });

  it("shows the callout with a clear way to answer it", async () => {
    serve(riverCallout());
    renderAt("/callouts/river-walk");
    expect(await screen.findByRole("heading", { name: "Tell us about the river" })).toBeInTheDocument();
    expect(screen.getByText("We are mapping the river paths.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Answer this callout" })).toHaveAttribute(
      "href",
      "/callouts/river-walk/respond",
    );
  });

  it("offers an open callout's address to pass on, on its page and after an answer", async () => {
    const user = userEvent.setup();
    serve(riverCallout());
    const address = `${window.location.origin}/callouts/river-walk`;
    renderAt("/callouts/river-walk");
    expect(await screen.findByRole("heading", { name: "Share this callout" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Link to this callout" })).toHaveValue(address);
    await user.click(screen.getByRole("button", { name: "Copy Link to this callout" }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(screen.getByText("Copied.")).toBeInTheDocument();
  });

  it("offers no address to pass on for a callout that has ended", async () => {
    serve(riverCallout({ status: "ended", expires: "2024-03-05T12:00:00.000Z" }));
    renderAt("/callouts/river-walk");
    expect(await screen.findByRole("heading", { name: "Tell us about the river" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Share this callout" })).not.toBeInTheDocument();
  });

  it("asks visitors to log in for a members-only callout", async () => {
    serve(riverCallout({ access: "member" }));
    renderAt("/callouts/river-walk?lang=en");
    expect(await screen.findByRole("link", { name: "Log in to answer" })).toHaveAttribute(
      "href",
      `/auth/login?next=${encodeURIComponent("/callouts/river-walk/respond?lang=en")}`,
    );
  });

  it("says when a callout has ended instead of offering the form", async () => {
    serve(riverCallout({ status: "ended", expires: "2024-03-05T12:00:00.000Z" }));
    renderAt("/callouts/river-walk/respond");
    expect(await screen.findByText("This callout ended on 5 March 2024.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send my answer" })).not.toBeInTheDocument();
  });

  it("requires a guest's name and email where the callout asks for them, then thanks them", async () => {
    serve(riverCallout());
    const router = renderAt("/callouts/river-walk/respond");
    await userEvent.type(await screen.findByLabelText(/Your favourite spot/), "The old mill");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));

    expect(await screen.findAllByText("This field is required")).toHaveLength(3);
    expect(posted).toEqual([]);

    await userEvent.type(screen.getByLabelText("First name"), "Sam");
    await userEvent.type(screen.getByLabelText("Last name"), "Reader");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));

    expect(await screen.findByRole("heading", { name: "Thanks a lot" })).toBeInTheDocument();
    expect(screen.getByText("We read every answer.")).toBeInTheDocument();
    // The server emails the guest a link that confirms their address; the page says where it went, the URL does not.
    expect(
      screen.getByText("To confirm your email address, please open the link we have sent to sam@example.org."),
    ).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe("/callouts/river-walk/thanks");
    expect(screen.getByRole("textbox", { name: "Link to this callout" })).toHaveValue(
      `${window.location.origin}/callouts/river-walk`,
    );
    expect(posted).toEqual([
      {
        url: "/api/1.0/callout/river-walk/responses",
        body: {
          answers: { walk: { place: "The old mill" } },
          guest: { firstname: "Sam", lastname: "Reader", email: "sam@example.org" },
          locale: "en",
        },
      },
    ]);
  });

  it("sends the campaign fields of the link the callout was opened with, carried on to the form", async () => {
    serve(riverCallout());
    renderAt("/callouts/river-walk?utm_source=newsletter&utm_medium=%0A&ref=ada");
    await userEvent.click(await screen.findByRole("link", { name: "Answer this callout" }));
    await userEvent.type(await screen.findByLabelText(/Your favourite spot/), "The old mill");
    await userEvent.type(screen.getByLabelText("First name"), "Sam");
    await userEvent.type(screen.getByLabelText("Last name"), "Reader");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));

    expect(await screen.findByRole("heading", { name: "Thanks a lot" })).toBeInTheDocument();
    // A value the server would refuse (a line break) is left out rather than stop the answer.
    expect(posted.map((sent) => (sent.body as { attribution?: unknown }).attribution)).toEqual([
      { utmSource: "newsletter", ref: "ada" },
    ]);
  });

  it("makes the contact details required once a visitor opts in to the newsletter", async () => {
    const newsletterSchema = {
      title: "Our newsletter",
      text: "News from the river every week.",
      optIn: "Yes, send me the newsletter",
      groups: [{ id: "weekly", label: "Weekly digest", checked: true }],
    };
    serve(riverCallout({ access: "anonymous", newsletterSchema }));
    renderAt("/callouts/river-walk/respond");
    await userEvent.type(await screen.findByLabelText(/Your favourite spot/), "The old mill");
    await userEvent.click(screen.getByLabelText("Yes, send me the newsletter"));
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));
    expect(await screen.findAllByText("This field is required")).toHaveLength(3);

    await userEvent.type(screen.getByLabelText("First name"), "Sam");
    await userEvent.type(screen.getByLabelText("Last name"), "Reader");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));
    await screen.findByRole("heading", { name: "Thanks a lot" });
    expect(posted[0]?.body).toMatchObject({ newsletter: { optIn: true, groups: ["weekly"] } });
  });

  it("solves the captcha and sends its proof with the response", async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 200 });
    serve(riverCallout({ access: "anonymous", captcha: "all" }), {
      extra: (url) => (url.endsWith("/captcha/challenge") ? jsonResponse(200, challenge) : undefined),
    });
    renderAt("/callouts/river-walk/respond");
    await userEvent.type(await screen.findByLabelText(/Your favourite spot/), "The old mill");
    expect(await screen.findByText("Check done: nothing for you to do.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));

    await screen.findByRole("heading", { name: "Thanks a lot" });
    // Nobody gave an address: there is no link to confirm.
    expect(screen.queryByText(/confirm your email address/)).not.toBeInTheDocument();
    const token = new URL(posted[0]?.url ?? "", "http://localhost").searchParams.get("captchaToken") ?? "";
    expect(JSON.parse(atob(token))).toMatchObject({ challenge: challenge.challenge, salt: challenge.salt });
    await expect(verifySolution(token, HMAC_KEY)).resolves.toBe(true);
  });

  it("shows why the server refused a response", async () => {
    serve(riverCallout({ access: "anonymous" }), {
      refusal: { httpCode: 400, code: "invalid-callout-response", subCode: "closed", message: "Closed" },
    });
    renderAt("/callouts/river-walk/respond");
    await userEvent.type(await screen.findByLabelText(/Your favourite spot/), "The old mill");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This callout is no longer taking responses.");
  });

  describe("in a language the callout has no texts in", () => {
    beforeAll(async () => {
      await activateLocale("de");
    });
    afterAll(async () => {
      await activateLocale("en");
    });

    it("marks the callout's own texts with their language, and leaves the page's own in the page's", async () => {
      // Only the default texts, which are in the organisation's language (English by default).
      serve(riverCallout());
      renderAt("/callouts/river-walk?lang=de");
      expect(langOf(await screen.findByRole("heading", { name: "Tell us about the river" }))).toBe("en-GB");
      expect(langOf(screen.getByText("We are mapping the river paths."))).toBe("en-GB");
      expect(langOf(screen.getByText("Wir möchten von Ihnen hören. Es dauert nur ein paar Minuten."))).toBe("de-DE");

      await userEvent.click(screen.getByRole("link", { name: "Aufruf beantworten" }));
      expect(langOf(await screen.findByText("Your favourite spot"))).toBe("en-GB");
      expect(langOf(screen.getByRole("heading", { level: 1 }))).toBe("en-GB");
      expect(langOf(screen.getByText("Send my answer"))).toBe("en-GB");
      expect(langOf(screen.getByText("Vorname"))).toBe("de-DE");

      await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));
      const [required] = await screen.findAllByText("Dieses Feld ist erforderlich");
      expect(langOf(required!)).toBe("de-DE");
    });

    it("marks nothing when the callout has texts in the page's language", async () => {
      serve(riverCallout({ variantNames: ["default", "de"], title: "Erzählen Sie uns vom Fluss" }));
      renderAt("/callouts/river-walk?lang=de");
      expect(await screen.findByRole("heading", { name: "Erzählen Sie uns vom Fluss" })).not.toHaveAttribute("lang");
    });
  });

  describe("for a member who has answered", () => {
    const mine = {
      id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
      number: 4,
      createdAt: "2024-02-01T09:00:00.000Z",
      updatedAt: "2024-02-01T09:00:00.000Z",
      bucket: "",
      guestName: null,
      guestEmail: null,
      answers: { walk: { place: "The weir" } },
    };
    const asMember = (url: string) => {
      if (url.includes("/contact/me")) return jsonResponse(200, contact(["member"]));
      if (url.startsWith("/api/1.0/callout/river-walk/responses?")) {
        return jsonResponse(200, { items: [mine], total: 1, offset: 0, count: 1 });
      }
      return undefined;
    };

    it("offers to update an editable response, and starts the form from it", async () => {
      serve(riverCallout({ hasAnswered: true, allowUpdate: true }), { extra: asMember });
      renderAt("/callouts/river-walk");
      await userEvent.click(await screen.findByRole("link", { name: "Update your response" }));

      expect(
        await screen.findByRole("heading", { name: "Update your response: Tell us about the river" }),
      ).toBeInTheDocument();
      expect(await screen.findByLabelText(/Your favourite spot/)).toHaveValue("The weir");
      expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
      const listCall = fetchMock.mock.calls
        .map(([input]) => requestUrl(input))
        .find((url) => url.includes("/responses?"));
      expect(new URL(listCall ?? "", "http://localhost").searchParams.get("rules")).toBe(
        JSON.stringify({ condition: "AND", rules: [{ field: "contact", operator: "equal", value: ["me"] }] }),
      );
    });

    it("shows a response that cannot be changed read-only", async () => {
      serve(riverCallout({ hasAnswered: true }), { extra: asMember });
      renderAt("/callouts/river-walk");
      expect(await screen.findByRole("heading", { name: "Your response" })).toBeInTheDocument();
      expect(await screen.findByLabelText(/Your favourite spot/)).toHaveValue("The weir");
      expect(screen.queryByRole("link", { name: "Answer this callout" })).not.toBeInTheDocument();
    });
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JoinSetupContent } from "@cohort/common/content";
import { defaultJoinSetupContent } from "@cohort/common/content";
import type { Callout } from "@cohort/common/callouts";
import { jsonResponse } from "../../../test/json-response";
import { notifications } from "../../../app/notifications/notification-store";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { answerWith, sentTo } from "../../../test/member-api";
import { JoinSurveyPage } from "./join-survey-page";

const survey: Callout = {
  id: "0b9e8f36-7c0a-4f4e-9a55-1d2b3c4d5e6f",
  slug: "new-members",
  title: "Why did you join?",
  excerpt: "",
  image: "",
  starts: "2024-01-01T00:00:00.000Z",
  expires: null,
  allowUpdate: false,
  allowMultiple: false,
  hidden: true,
  access: "member",
  captcha: "none",
  status: "open",
  channels: null,
  intro: "",
  thanksTitle: "",
  thanksText: "",
  newsletterSchema: null,
  variantNames: ["default"],
  hasAnswered: false,
  formSchema: {
    slides: [
      {
        id: "why",
        title: "Why",
        navigation: { submitText: "Send" },
        components: [
          { id: "a", key: "reason", type: "textfield", label: "What made you join?", input: true, validate: {} },
        ],
      },
    ],
  },
};

const routes = [
  { path: "/join/survey", Component: JoinSurveyPage },
  { path: "/profile", element: <h1>Profile</h1> },
];

function serve(setup: Partial<JoinSetupContent>, callout: Callout | null = survey) {
  answerWith((url, method) => {
    const path = url.split("?")[0] ?? "";
    if (path.endsWith("/content/join/setup")) {
      return jsonResponse(200, { ...defaultJoinSetupContent, surveySlug: "new-members", ...setup });
    }
    if (path.endsWith("/callout/new-members/responses") && method === "POST") return jsonResponse(200, { id: "x" });
    if (path.endsWith("/callout/new-members")) {
      return callout ? jsonResponse(200, callout) : jsonResponse(404, { code: "not-found", message: "Not found" });
    }
    return undefined;
  });
}

describe("JoinSurveyPage", () => {
  stubFetch();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the survey text and the callout, and sends the answers as the member", async () => {
    const addToast = vi.spyOn(notifications, "addToast");
    serve({ surveyText: "Two minutes, promise." });
    const router = renderRoutes(routes, "/join/survey");
    expect(await screen.findByText("Two minutes, promise.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Why did you join?" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/What made you join/), "Local news matters");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
    expect(sentTo("/callout/new-members/responses")).toEqual([
      { method: "POST", body: { answers: { why: { reason: "Local news matters" } }, locale: "en" } },
    ]);
    expect(addToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Thank you for your answers." }));
  });

  it("may be skipped unless required, with a translated default text", async () => {
    serve({});
    renderRoutes(routes, "/join/survey");
    expect(await screen.findByText(/please answer a few questions/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Skip" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(sentTo("/callout/new-members/responses")).toEqual([]);
  });

  it("cannot be skipped when required", async () => {
    serve({ surveyRequired: true });
    renderRoutes(routes, "/join/survey");
    expect(await screen.findByRole("heading", { name: "Why did you join?" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Skip" })).not.toBeInTheDocument();
  });

  it.each([
    ["no survey is set", {}, survey, ""],
    ["the callout is missing", {}, null, "new-members"],
    ["the callout has ended", {}, { ...survey, status: "ended" as const }, "new-members"],
    ["the member has answered", {}, { ...survey, hasAnswered: true }, "new-members"],
  ])("moves straight on to the profile when %s", async (_case, setup, callout, slug) => {
    serve({ ...setup, surveySlug: slug }, callout);
    const router = renderRoutes(routes, "/join/survey");
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
  });
});

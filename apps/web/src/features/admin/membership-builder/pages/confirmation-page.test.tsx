import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { jsonResponse } from "../../../../test/json-response";
import { stubFetch } from "../../../../test/harness";
import { bodyOf, mockApi, renderBuilder, sentBodies } from "../../../../test/membership-builder-kit";

const callout = (slug: string, title: string) => ({
  id: crypto.randomUUID(),
  slug,
  title,
  excerpt: "",
  image: "",
  starts: "2026-01-01T00:00:00.000Z",
  expires: null,
  allowUpdate: false,
  allowMultiple: false,
  hidden: false,
  access: "member",
  captcha: "none",
  status: "open",
  channels: null,
});

const calloutList = (items: unknown[]) =>
  jsonResponse(200, { items, total: items.length, offset: 0, count: items.length });

function answerCallouts(items: unknown[], patch?: Response) {
  mockApi((url, init) => {
    if (url.includes("/callout?")) return calloutList(items);
    if (url.includes("/content/join/setup") && init?.method === "PATCH") {
      return patch ?? jsonResponse(200, { ...defaultJoinSetupContent, ...bodyOf(init) });
    }
    return undefined;
  });
}

describe("ConfirmationPage", () => {
  stubFetch();
  it("saves the newsletter groups, the postal address question and a required survey", async () => {
    answerCallouts([callout("why-join", "Why did you join?"), callout("reader-panel", "Reader panel")]);
    renderBuilder("/admin/membership-builder/confirmation");
    const survey = await screen.findByLabelText("Callout");
    await waitFor(() => expect(within(survey).getByRole("option", { name: "Why did you join?" })).toBeInTheDocument());
    expect(screen.getByText("No groups: members subscribe to the whole newsletter.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Add a group" }));
    await userEvent.type(screen.getByLabelText("Id of group 1"), "weekly");
    await userEvent.type(screen.getByLabelText("Label of group 1"), "Weekly digest");
    await userEvent.click(screen.getByLabelText("Ticked at first"));
    await userEvent.click(screen.getByLabelText("Ask new members for a postal address"));
    await userEvent.type(screen.getAllByLabelText("Title")[1]!, "The print edition");
    await userEvent.selectOptions(survey, "why-join");
    await userEvent.click(screen.getByLabelText("New members must answer the survey"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(sentBodies("PATCH", "/content/join/setup")).toHaveLength(1));
    const body = sentBodies("PATCH", "/content/join/setup")[0];
    expect(body).toMatchObject({
      newsletterGroups: [{ id: "weekly", label: "Weekly digest", checked: true }],
      showMailOptIn: true,
      mailTitle: "The print edition",
      surveySlug: "why-join",
      surveyRequired: true,
    });
    expect(body).not.toHaveProperty("welcome");
  });

  it("asks for a group's id and label before saving", async () => {
    answerCallouts([]);
    renderBuilder("/admin/membership-builder/confirmation");
    await userEvent.click(await screen.findByRole("button", { name: "Add a group" }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findAllByText("This field is required")).toHaveLength(2);
    expect(sentBodies("PATCH", "/content/join/setup")).toHaveLength(0);
  });

  it("shows the server's refusal of the survey beside the survey", async () => {
    answerCallouts(
      [callout("gone-soon", "Gone soon")],
      jsonResponse(400, {
        httpCode: 400,
        name: "BadRequestError",
        code: "invalid-request",
        message: "Invalid body",
        errors: [
          {
            property: "surveySlug",
            constraints: { custom: "No callout has this slug" },
            children: [],
            key: "adminMembership.errors.unknownSurvey",
          },
        ],
      }),
    );
    renderBuilder("/admin/membership-builder/confirmation");
    const survey = await screen.findByLabelText("Callout");
    await waitFor(() => expect(within(survey).getByRole("option", { name: "Gone soon" })).toBeInTheDocument());
    await userEvent.selectOptions(survey, "gone-soon");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText("There is no callout with this address any more. Choose another one."),
    ).toBeInTheDocument();
  });

  it("offers to create a callout when there is none", async () => {
    answerCallouts([]);
    renderBuilder("/admin/membership-builder/confirmation");
    expect(await screen.findByText("There are no callouts yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a callout" })).toHaveAttribute("href", "/admin/callouts/new");
  });
});

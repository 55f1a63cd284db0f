import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { JoinSetupContent } from "@cohort/common/content";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { contact, jsonResponse } from "../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { answerWith, sentTo } from "../../../test/member-api";
import { JoinSetupPage } from "./join-setup-page";

const routes = [
  { path: "/join/setup", Component: JoinSetupPage },
  { path: "/join/survey", element: <h1>Survey</h1> },
  { path: "/profile", element: <h1>Profile</h1> },
];

function serve(setup: Partial<JoinSetupContent> | null) {
  answerWith((url, method) => {
    if (url.split("?")[0]?.endsWith("/content/join/setup")) {
      return setup ? jsonResponse(200, { ...defaultJoinSetupContent, ...setup }) : jsonResponse(503, {});
    }
    return url.endsWith("/contact/me") && method === "PATCH" ? jsonResponse(200, {}) : undefined;
  });
}

async function fillAccount() {
  const first = await screen.findByLabelText("First name");
  await userEvent.clear(first);
  await userEvent.type(first, "Sam");
  const last = screen.getByLabelText("Last name");
  await userEvent.clear(last);
  await userEvent.type(last, "Reader");
  await userEvent.type(screen.getByLabelText("New password"), "Passw0rd!");
  await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd!");
}

const patches = () => sentTo("/contact/me").filter((call) => call.method === "PATCH");

describe("JoinSetupPage with the organisation's settings", () => {
  stubFetch();
  it("shows the welcome, the configured newsletter and its groups, and saves the groups chosen", async () => {
    serve({
      welcome: "Great to have you aboard.",
      newsletterTitle: "Stay in the loop",
      newsletterText: "Our editors write every Friday.",
      newsletterOptIn: "Yes, email me",
      newsletterGroups: [
        { id: "weekly", label: "Weekly digest", checked: true },
        { id: "events", label: "Events", checked: false },
      ],
    });
    renderRoutes(routes, "/join/setup");
    expect(await screen.findByText("Great to have you aboard.")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Stay in the loop" })).toBeInTheDocument();
    expect(screen.getByText("Our editors write every Friday.")).toBeInTheDocument();
    await fillAccount();
    await userEvent.click(screen.getByRole("checkbox", { name: "Yes, email me" }));
    expect(screen.getByRole("checkbox", { name: "Weekly digest" })).toBeChecked();
    await userEvent.click(screen.getByRole("checkbox", { name: "Events" }));
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(patches()[0]?.body).toMatchObject({
      profile: { newsletterStatus: "subscribed", newsletterGroups: ["weekly", "events"] },
    });
  });

  it("asks for the delivery address when the printed edition is wanted, then goes to the survey", async () => {
    serve({ showNewsletterOptIn: false, showMailOptIn: true, surveySlug: "new-members" });
    renderRoutes(routes, "/join/setup");
    await fillAccount();
    expect(screen.queryByRole("checkbox", { name: "Send me the newsletter" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Address")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Send me the printed edition" }));
    await userEvent.type(screen.getByLabelText("Town or city"), "Riverside");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("Address is required")).toBeInTheDocument();
    expect(screen.getByText("Postcode is required")).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await userEvent.type(screen.getByLabelText("Address"), "1 Quay Street");
    await userEvent.type(screen.getByLabelText("Postcode"), "RV1 2AB");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { name: "Survey" })).toBeInTheDocument();
    expect(patches()[0]?.body).toEqual({
      firstname: "Sam",
      lastname: "Reader",
      password: "Passw0rd!",
      profile: {
        deliveryOptIn: true,
        deliveryAddress: { line1: "1 Quay Street", line2: "", city: "Riverside", postcode: "RV1 2AB" },
      },
    });
  });

  it("lets a returning member who has a password keep it, sending none", async () => {
    answerWith((url, method) => {
      if (url.split("?")[0]?.endsWith("/contact/me")) {
        return method === "PATCH" ? jsonResponse(200, {}) : jsonResponse(200, { ...contact(), hasPassword: true });
      }
      return undefined;
    });
    renderRoutes(routes, "/join/setup");
    expect(await screen.findByText(/You already have a password/)).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("First name"), "Sam");
    await userEvent.type(screen.getByLabelText("Last name"), "Reader");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(patches()[0]?.body).not.toHaveProperty("password");
    expect(patches()[0]?.body).toMatchObject({ firstname: "Sam", lastname: "Reader" });
  });

  it("offers to try again when the settings cannot be read", async () => {
    serve(null);
    renderRoutes(routes, "/join/setup");
    expect(await screen.findByText("This page couldn't be loaded")).toBeInTheDocument();
    expect(screen.queryByLabelText("First name")).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { jsonResponse } from "../../../../test/json-response";
import { stubFetch } from "../../../../test/harness";
import { bodyOf, mockApi, renderBuilder, sentBodies } from "../../../../test/membership-builder-kit";

describe("MembershipBuilderPage", () => {
  stubFetch();
  beforeEach(() => {
    mockApi((url, init) => {
      const template = /\/email\/([a-z-]+)/.exec(url)?.[1];
      if (template) {
        return jsonResponse(200, {
          id: template,
          locale: "en",
          subject: "Subject",
          body: "Body",
          isDefault: template !== "welcome",
        });
      }
      if (url.includes("/content/join/setup") && init?.method === "PATCH") {
        return jsonResponse(200, { ...defaultJoinSetupContent, ...bodyOf(init) });
      }
      return undefined;
    });
  });
  it("has a link for each tab, the current one marked", async () => {
    renderBuilder("/admin/membership-builder/intro");
    const tabs = screen.getByRole("navigation", { name: "Parts of joining" });
    const links = within(tabs).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Join form", "Intro", "Email", "Confirmation"]);
    expect(within(tabs).getByRole("link", { name: "Intro" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: "Join form" })).not.toHaveAttribute("aria-current");
    expect(await screen.findByLabelText("Welcome text")).toBeInTheDocument();
  });

  it("saves the welcome text, with the standard text as its placeholder", async () => {
    renderBuilder("/admin/membership-builder/intro");
    const welcome = await screen.findByLabelText("Welcome text");
    await waitFor(() =>
      expect(welcome).toHaveAttribute("placeholder", expect.stringContaining("Welcome to Riverside Gazette!")),
    );
    await userEvent.type(welcome, "Welcome aboard, and thank you.");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(sentBodies("PATCH", "/content/join/setup")).toEqual([{ welcome: "Welcome aboard, and thank you." }]),
    );
  });

  it("asks before leaving a tab with changes that are not saved", async () => {
    renderBuilder("/admin/membership-builder/intro");
    await userEvent.type(await screen.findByLabelText("Welcome text"), "Hello");
    await userEvent.click(screen.getByRole("link", { name: "Email" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(within(dialog).getByText(/Your changes to how people join are not saved yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay here" }));
    expect(screen.getByLabelText("Welcome text")).toHaveValue("Hello");
    await userEvent.click(screen.getByRole("link", { name: "Email" }));
    await userEvent.click(await screen.findByRole("button", { name: "Leave and lose changes" }));
    expect(await screen.findByRole("heading", { name: "Confirm email address" })).toBeInTheDocument();
  });

  it("lists the emails of joining with their state and a link to the editor", async () => {
    renderBuilder("/admin/membership-builder/email");
    const names = [
      "Confirm email address",
      "Welcome",
      "Already a member",
      "Already a member, without a password",
      "Contribution cancelled",
    ];
    for (const name of names) expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    expect(await screen.findByText("Your own text")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText("Standard text")).toHaveLength(4));
    await userEvent.click(screen.getByRole("link", { name: "Edit the email “Welcome”" }));
    expect(await screen.findByText("Template editor")).toBeInTheDocument();
  });
});

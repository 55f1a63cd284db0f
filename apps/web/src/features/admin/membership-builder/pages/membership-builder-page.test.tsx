import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { jsonResponse } from "../../../../test/json-response";
import { stubFetch } from "../../../../test/harness";
import { bodyOf, mockApi, renderBuilder, sentBodies } from "../../../../test/membership-builder-kit";
import { stubLayoutForEditor } from "../../shared/rich-text/jsdom-layout";

beforeAll(stubLayoutForEditor);

/** The welcome text's editor (text goes in by pasting in jsdom; see the editor's tests). */
const welcomeEditor = () => screen.findByRole("textbox", { name: "Welcome text" });

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
    expect(links.map((link) => link.textContent)).toEqual(["Join form", "Intro", "Email", "Confirmation", "Give once"]);
    expect(within(tabs).getByRole("link", { name: "Intro" })).toHaveAttribute("aria-current", "page");
    expect(within(tabs).getByRole("link", { name: "Join form" })).not.toHaveAttribute("aria-current");
    expect(await welcomeEditor()).toBeInTheDocument();
  });

  it("saves the welcome text as rich text, with the standard text as its placeholder", async () => {
    const user = userEvent.setup();
    renderBuilder("/admin/membership-builder/intro");
    const welcome = await welcomeEditor();
    await waitFor(() =>
      expect(welcome).toHaveAttribute("aria-placeholder", expect.stringContaining("Welcome to Riverside Gazette!")),
    );
    await user.click(welcome);
    await user.paste("Welcome aboard, and thank you.");
    await user.keyboard("{Control>}a{/Control}{Control>}b{/Control}");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() =>
      expect(sentBodies("PATCH", "/content/join/setup")).toEqual([
        { welcome: "<p><strong>Welcome aboard, and thank you.</strong></p>" },
      ]),
    );
  });

  it("asks before leaving a tab with changes that are not saved", async () => {
    const user = userEvent.setup();
    renderBuilder("/admin/membership-builder/intro");
    await user.click(await welcomeEditor());
    await user.paste("Hello");
    await userEvent.click(screen.getByRole("link", { name: "Email" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(within(dialog).getByText(/Your changes to how people join are not saved yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Stay here" }));
    expect(await welcomeEditor()).toHaveTextContent("Hello");
    await user.click(screen.getByRole("link", { name: "Email" }));
    await user.click(await screen.findByRole("button", { name: "Leave and lose changes" }));
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

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { GeneralContent } from "@cohort/common/content";
import { activateLocale } from "../../../app/i18n/i18n";
import { renderRoutes, renderWithProviders, stubFetch } from "../../../test/harness";
import { generalContent, jsonResponse } from "../../../test/json-response";
import { riverCallout } from "../../../test/callouts";
import { answerWith } from "../../../test/member-api";
import { ProfilePage } from "./profile-page";

/** Opens the page with these site settings, and waits until they are in use. */
async function showWith(content: Partial<GeneralContent>) {
  answerWith((url) =>
    url.includes("/content/general") ? jsonResponse(200, { ...generalContent, ...content }) : undefined,
  );
  renderWithProviders(<ProfilePage />);
  await screen.findByText("Here is your account with Riverside Gazette.");
}

describe("the member's home page", () => {
  stubFetch();

  it("offers the support address for help", async () => {
    await showWith({ supportEmail: "help@riverside.example", siteUrl: "https://riverside.example" });
    expect(screen.getByRole("heading", { name: "Need help?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "help@riverside.example" })).toHaveAttribute(
      "href",
      "mailto:help@riverside.example",
    );
  });

  it("offers the website when there is no support address", async () => {
    await showWith({ supportEmail: "", siteUrl: "https://riverside.example/news" });
    expect(screen.getByRole("link", { name: "riverside.example" })).toHaveAttribute(
      "href",
      "https://riverside.example/news",
    );
  });

  it("says until when a cancelled membership runs, in the member's language", async () => {
    const cancelled = {
      type: "Automatic",
      amount: 7,
      period: "monthly",
      membershipStatus: "expiring",
      membershipExpiryDate: "2026-12-24T12:00:00.000Z",
      cancellationDate: "2026-11-20T09:00:00.000Z",
    };
    answerWith((url) => (url.includes("/contact/me/contribution") ? jsonResponse(200, cancelled) : undefined));
    await activateLocale("de");
    try {
      renderWithProviders(<ProfilePage />);
      expect(await screen.findByText("Mitglied bis 24. Dezember 2026")).toBeInTheDocument();
      expect(screen.getByText("Gekündigt. Ihre Mitgliedschaft endet am 24. Dezember 2026.")).toBeInTheDocument();
      expect(screen.queryByText(/Aktives Mitglied/)).not.toBeInTheDocument();
    } finally {
      await activateLocale("en");
    }
  });

  it("lists the open callouts the member may still answer, each a link to it", async () => {
    const callout = (slug: string, title: string, more: object = {}) =>
      riverCallout({ id: crypto.randomUUID(), slug, title, access: "member", hasAnswered: false, ...more });
    const items = [
      callout("bridges", "Which bridges need repair?"),
      callout("done", "Already answered", { hasAnswered: true }),
      callout("again", "Answer as often as you like", { hasAnswered: true, allowMultiple: true }),
    ];
    answerWith((url) =>
      url.split("?")[0]!.endsWith("/callout") ? jsonResponse(200, { items, total: 3, offset: 0, count: 3 }) : undefined,
    );
    renderRoutes([{ path: "/profile", element: <ProfilePage /> }], "/profile");
    expect(await screen.findByRole("heading", { name: "Callouts open to you" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Which bridges need repair?" })).toHaveAttribute(
      "href",
      "/callouts/bridges",
    );
    expect(screen.getByRole("link", { name: "Answer as often as you like" })).toHaveAttribute(
      "href",
      "/callouts/again",
    );
    expect(screen.queryByRole("link", { name: "Already answered" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all callouts" })).toHaveAttribute("href", "/callouts");
  });

  it("leaves out the help card when there is nowhere to turn", async () => {
    await showWith({ supportEmail: "", siteUrl: "" });
    expect(screen.queryByRole("heading", { name: "Need help?" })).not.toBeInTheDocument();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/json-response";
import type { JoinContent } from "@cohort/common/content";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { answerWith, joinContent, sentTo } from "../../../test/member-api";
import { providerNavigation } from "../../../shared/contribution/provider-step";
import { JoinPage } from "./join-page";

/** Answers the join form's settings with these changes. */
function withSettings(changes: Partial<JoinContent>, handler: Parameters<typeof answerWith>[0] = () => undefined) {
  answerWith((url, method) =>
    url.split("?")[0]?.endsWith("/content/join")
      ? jsonResponse(200, { ...joinContent, ...changes })
      : handler(url, method),
  );
}

function renderJoin(path = "/join") {
  return renderRoutes(
    [
      { path: "/join", Component: JoinPage },
      { path: "/join/confirm-email", element: <h1>Check your inbox</h1> },
    ],
    path,
  );
}

describe("JoinPage", () => {
  stubFetch();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("offers monthly and annual presets and keeps the yearly sum when switching", async () => {
    answerWith();
    renderJoin();
    expect(await screen.findByRole("button", { name: "€5.00" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "€10.00" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("radio", { name: "Annually" }));
    expect(screen.getByRole("button", { name: "€60.00" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "€120.00" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("At least €12.00")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("shows the fee for monthly amounts and refuses amounts under the minimum", async () => {
    answerWith();
    renderJoin();
    const checkbox = await screen.findByRole("checkbox", { name: /I'll pay the processing fee of €0\.\d\d/ });
    const amount = screen.getByLabelText("Other amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "0.50");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("The minimum is €1.00")).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, "1");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText(/must include the processing fee/)).toBeInTheDocument();
    expect(checkbox).not.toBeChecked();
    expect(sentTo("/signup")).toEqual([]);
  });

  it("starts a paid join and follows the provider's redirect", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    answerWith((url, method) =>
      url.endsWith("/signup") && method === "POST"
        ? jsonResponse(200, { redirectUrl: "https://pay.example/flow/1" })
        : undefined,
    );
    renderJoin();
    await userEvent.click(await screen.findByRole("button", { name: "€15.00" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /I'll pay the processing fee/ }));
    await userEvent.click(screen.getByRole("radio", { name: "Direct debit (GoCardless)" }));
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/flow/1"));
    const origin = window.location.origin;
    expect(sentTo("/signup")).toEqual([
      {
        method: "POST",
        body: {
          email: "sam@example.com",
          loginUrl: `${origin}/auth/login`,
          setPasswordUrl: `${origin}/auth/set-password`,
          confirmUrl: `${origin}/join/confirm-email`,
          locale: "en",
          contribution: {
            amount: 15,
            period: "monthly",
            payFee: true,
            paymentMethod: "gc_direct-debit",
            completeUrl: `${origin}/join/complete`,
          },
        },
      },
    ]);
  });

  it("opens Stripe's payment step for a client secret, which says so when the site has no Stripe key", async () => {
    answerWith((url) => (url.endsWith("/signup") ? jsonResponse(200, { clientSecret: "seti_secret" }) : undefined));
    renderJoin();
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByRole("dialog", { name: "Your payment details" })).toBeInTheDocument();
    expect(await screen.findByText("Card and bank payments aren't set up")).toBeInTheDocument();
  });

  it("follows the settings: texts, presets of the one period offered, minimum, no fee, methods in order", async () => {
    withSettings({
      title: "Back the Gazette",
      subtitle: "Independent news needs you.",
      periods: [{ name: "monthly", presetAmounts: [7, 14, 21] }],
      initialAmount: 14,
      minMonthlyAmount: 3,
      showAbsorbFee: false,
      paymentMethods: ["gc_direct-debit", "s_sepa"],
    });
    renderJoin();
    expect(await screen.findByRole("heading", { name: "Back the Gazette" })).toBeInTheDocument();
    expect(screen.getByText("Independent news needs you.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "€14.00" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getAllByRole("button", { pressed: false }).map((button) => button.textContent)).toEqual([
      "€7.00",
      "€21.00",
    ]);
    expect(screen.queryByRole("radio", { name: "Annually" })).not.toBeInTheDocument();
    expect(screen.getByText("At least €3.00")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      "Direct debit (GoCardless)",
      "SEPA direct debit",
    ]);
    expect(screen.queryByRole("link", { name: /Join for free/ })).not.toBeInTheDocument();

    const amount = screen.getByLabelText("Other amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "2.50");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("The minimum is €3.00")).toBeInTheDocument();
    expect(sentTo("/signup")).toEqual([]);
  });

  it("does not ask for the fee on a monthly 1 where paying it is not offered", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    withSettings({ showAbsorbFee: false }, (url) =>
      url.endsWith("/signup") ? jsonResponse(200, { redirectUrl: "https://pay.example/flow/4" }) : undefined,
    );
    renderJoin();
    const amount = await screen.findByLabelText("Other amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "1");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/flow/4"));
    expect(sentTo("/signup")[0]?.body).toMatchObject({ contribution: { amount: 1, payFee: false } });
  });

  it("offers only the free join when no payment method is listed and joining free is allowed", async () => {
    withSettings({ paymentMethods: [], showNoContribution: true });
    renderJoin();
    expect(await screen.findByRole("heading", { name: /Join .* for free/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Other amount")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Join for free/ })).not.toBeInTheDocument();
  });

  it("shows a loading state, then an error to retry when the settings cannot be read", async () => {
    answerWith((url) =>
      url.split("?")[0]?.endsWith("/content/join") ? jsonResponse(500, { code: "internal" }) : undefined,
    );
    renderJoin();
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    expect(await screen.findByText("This page couldn't be loaded")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("keeps the paid form on /join?free where joining free is not allowed", async () => {
    answerWith();
    renderJoin("/join?free");
    expect(await screen.findByLabelText("Other amount")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /for free/ })).not.toBeInTheDocument();
  });

  it("joins for free without a contribution", async () => {
    withSettings({ showNoContribution: true }, (url) => (url.endsWith("/signup") ? jsonResponse(204) : undefined));
    const router = renderJoin("/join?free");
    expect(await screen.findByRole("heading", { name: /Join .* for free/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Other amount")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/join/confirm-email");
    expect(sentTo("/signup")[0]?.body).not.toHaveProperty("contribution");
  });

  it("sends the campaign fields of the link it was opened with, kept when switching to the free join", async () => {
    withSettings({ showNoContribution: true }, (url) => (url.endsWith("/signup") ? jsonResponse(204) : undefined));
    renderJoin("/join?utm_source=newsletter&utm_medium=%00&utm_campaign=%20spring%20&ref=ada&utm_term=x");
    await userEvent.click(await screen.findByRole("link", { name: /Join for free/i }));
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    // A value the server would refuse is left out rather than stop the join.
    expect(sentTo("/signup")[0]?.body).toMatchObject({
      attribution: { utmSource: "newsletter", utmCampaign: "spring", ref: "ada" },
    });
    expect((sentTo("/signup")[0]?.body as { attribution: object }).attribution).not.toHaveProperty("utmMedium");
  });

  it("says to check the inbox when a paid join is answered with no payment step", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    answerWith((url, method) => (url.endsWith("/signup") && method === "POST" ? jsonResponse(204) : undefined));
    const router = renderJoin();
    await userEvent.type(await screen.findByLabelText("Email"), "member@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/join/confirm-email");
    expect(sentTo("/signup")[0]?.body).toHaveProperty("contribution");
    expect(assign).not.toHaveBeenCalled();
  });
});

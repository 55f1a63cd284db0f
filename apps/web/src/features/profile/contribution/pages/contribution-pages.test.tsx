import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContributionInfo } from "@cohort/common/payments";
import { jsonResponse } from "../../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, sentTo } from "../../../../test/member-api";
import { providerNavigation } from "../../../../shared/contribution/provider-step";
import { CancelContributionPage } from "./cancel-contribution-page";
import { ContributionPage } from "./contribution-page";
import { ContributionCompletePage, PaymentMethodCompletePage } from "./flow-complete-pages";

const monthly: ContributionInfo = {
  type: "Automatic",
  amount: 10,
  period: "monthly",
  payFee: false,
  paymentSource: {
    method: "gc_direct-debit",
    bankName: "Riverside Bank",
    accountHolderName: "Sam",
    accountNumberEnding: "11",
  },
  hasPendingPayment: false,
  membershipStatus: "active",
  membershipExpiryDate: "2026-12-29T00:00:00.000Z",
  renewalDate: "2026-12-22T00:00:00.000Z",
};

const routes = [
  { path: "/profile/contribution", Component: ContributionPage },
  { path: "/profile/contribution/cancel", Component: CancelContributionPage },
  { path: "/profile/contribution/complete", Component: ContributionCompletePage },
  { path: "/profile/contribution/payment-method/complete", Component: PaymentMethodCompletePage },
];

describe("contribution pages", () => {
  stubFetch();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists the member's payments, newest first, and shows more on request", async () => {
    const payments = Array.from({ length: 13 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      chargeDate: new Date(Date.UTC(2026, 10 - index, 3)).toISOString(),
      amount: 10.2,
      status: index === 0 ? "pending" : "successful",
    }));
    answerWith((url) => {
      if (url.endsWith("/contact/me/contribution")) return jsonResponse(200, monthly);
      if (!url.split("?")[0]?.endsWith("/contact/me/payment")) return undefined;
      const limit = Number(new URL(url, "http://cohort.test").searchParams.get("limit"));
      return jsonResponse(200, { items: payments.slice(0, limit), total: 13, offset: 0, count: Math.min(limit, 13) });
    });
    renderRoutes(routes, "/profile/contribution");
    const table = await screen.findByRole("table", { name: "Your payments" });
    const rows = () => within(table).getAllByRole("row").slice(1);
    expect(rows()).toHaveLength(12);
    expect(rows()[0]).toHaveTextContent(/3 November 2026.*€10\.20.*Pending/);
    expect(rows()[1]).toHaveTextContent(/3 October 2026.*€10\.20.*Successful/);

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await vi.waitFor(() => expect(rows()).toHaveLength(13));
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    expect(sentTo("/contact/me/payment")).toHaveLength(2);
  });

  it("says so while the member has no payments yet", async () => {
    answerWith((url) => (url.endsWith("/contact/me/contribution") ? jsonResponse(200, monthly) : undefined));
    renderRoutes(routes, "/profile/contribution");
    expect(
      await screen.findByText("No payments yet. Your first one shows here once it has been taken."),
    ).toBeInTheDocument();
  });

  it("shows the contribution and changes its amount", async () => {
    answerWith((url, method) => {
      if (!url.endsWith("/contact/me/contribution")) return undefined;
      return method === "PATCH" ? jsonResponse(200, { ...monthly, amount: 15 }) : jsonResponse(200, monthly);
    });
    renderRoutes(routes, "/profile/contribution");
    const summary = (await screen.findByRole("heading", { name: "Current contribution" })).parentElement;
    if (!summary) throw new Error("No summary");
    expect(await within(summary).findByText("€10.00 a month")).toBeInTheDocument();
    expect(within(summary).getByText("Riverside Bank, account ending 11")).toBeInTheDocument();
    expect(within(summary).getByText("22 December 2026")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "€15.00" }));
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    expect(await screen.findByText("€15.00 a month")).toBeInTheDocument();
    expect(sentTo("/contact/me/contribution").filter((call) => call.method === "PATCH")).toEqual([
      { method: "PATCH", body: { amount: 15, period: "monthly", payFee: false } },
    ]);
    expect(screen.getByRole("link", { name: "Cancel contribution" })).toHaveAttribute(
      "href",
      "/profile/contribution/cancel",
    );
  });

  it("offers no change while a payment is pending, and says why", async () => {
    answerWith((url) =>
      url.endsWith("/contact/me/contribution") ? jsonResponse(200, { ...monthly, hasPendingPayment: true }) : undefined,
    );
    renderRoutes(routes, "/profile/contribution");
    const submit = await screen.findByRole("button", { name: "Update contribution" });
    expect(submit).toBeDisabled();
    expect(screen.getByRole("button", { name: "£5.00" })).toBeDisabled();
    expect(screen.getByRole("group", { description: /once it has gone through/ })).toBeDisabled();
  });

  it("explains a refused change when the page did not know of the pending payment", async () => {
    answerWith((url, method) => {
      if (!url.endsWith("/contact/me/contribution")) return undefined;
      return method === "PATCH"
        ? jsonResponse(400, { code: "cant-update-contribution", message: "Pending" })
        : jsonResponse(200, monthly);
    });
    renderRoutes(routes, "/profile/contribution");
    await userEvent.click(await screen.findByRole("button", { name: "€5.00" }));
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("can't be changed right now");
  });

  it("starts a contribution with a payment method when there is none", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    answerWith((url, method) => {
      if (!url.endsWith("/contact/me/contribution")) return undefined;
      return method === "POST"
        ? jsonResponse(200, { redirectUrl: "https://pay.example/flow/2" })
        : jsonResponse(200, { type: "None", membershipStatus: "none" });
    });
    renderRoutes(routes, "/profile/contribution");
    await userEvent.click(await screen.findByRole("radio", { name: "Annually" }));
    await userEvent.click(screen.getByRole("radio", { name: "SEPA direct debit" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/flow/2"));
    expect(sentTo("/contact/me/contribution").find((call) => call.method === "POST")?.body).toEqual({
      amount: 120,
      period: "annually",
      prorate: false,
      paymentMethod: "s_sepa",
      completeUrl: `${window.location.origin}/profile/contribution/complete`,
    });
  });

  it("after cancelling, starts a new contribution with a payment method instead of changing the old one", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    const cancelled: ContributionInfo = {
      ...monthly,
      membershipStatus: "expiring",
      cancellationDate: "2026-12-01T10:00:00.000Z",
      renewalDate: undefined,
    };
    answerWith((url, method) => {
      if (!url.endsWith("/contact/me/contribution")) return undefined;
      return method === "POST"
        ? jsonResponse(200, { redirectUrl: "https://pay.example/flow/4" })
        : jsonResponse(200, cancelled);
    });
    renderRoutes(routes, "/profile/contribution");
    expect(await screen.findByText(/Your contribution is cancelled/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Start a regular contribution" })).toBeInTheDocument();
    // The released card or mandate is not offered as one to change or to cancel again.
    expect(screen.queryByRole("button", { name: "Update contribution" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change payment method" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Cancel contribution" })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole("button", { name: "€15.00" }));
    await userEvent.click(screen.getByRole("radio", { name: "SEPA direct debit" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/flow/4"));
    expect(sentTo("/contact/me/contribution").filter((call) => call.method !== "GET")).toEqual([
      {
        method: "POST",
        body: {
          amount: 15,
          period: "monthly",
          payFee: false,
          paymentMethod: "s_sepa",
          completeUrl: `${window.location.origin}/profile/contribution/complete`,
        },
      },
    ]);
  });

  it("shows no payment method once the contribution is cancelled: the card or mandate is released", async () => {
    const cancelled: ContributionInfo = {
      ...monthly,
      membershipStatus: "expiring",
      cancellationDate: "2026-12-01T10:00:00.000Z",
      renewalDate: undefined,
    };
    answerWith((url) => (url.endsWith("/contact/me/contribution") ? jsonResponse(200, cancelled) : undefined));
    renderRoutes(routes, "/profile/contribution");
    const summary = (await screen.findByRole("heading", { name: "Current contribution" })).parentElement;
    if (!summary) throw new Error("No summary");
    const method = within(summary).getByText("Payment method").nextElementSibling;
    expect(method).toHaveTextContent("No payment method");
    expect(screen.queryByText("Riverside Bank, account ending 11")).not.toBeInTheDocument();
    expect(within(summary).getByText("1 December 2026")).toBeInTheDocument();
  });

  it("keeps a cancelled annual member on annual until the membership ends, as the server does", async () => {
    answerWith((url) =>
      url.endsWith("/contact/me/contribution")
        ? jsonResponse(200, {
            ...monthly,
            amount: 120,
            period: "annually",
            membershipStatus: "expiring",
            cancellationDate: "2026-12-01T10:00:00.000Z",
          })
        : undefined,
    );
    renderRoutes(routes, "/profile/contribution");
    expect(await screen.findByRole("button", { name: "Continue to payment" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Monthly" })).not.toBeInTheDocument();
  });

  it("turns to starting anew when a change finds the payment method gone", async () => {
    let info: ContributionInfo = monthly;
    answerWith((url, method) => {
      if (!url.endsWith("/contact/me/contribution")) return undefined;
      if (method !== "PATCH") return jsonResponse(200, info);
      // Cancelled in another tab meanwhile.
      info = { ...monthly, membershipStatus: "expiring", cancellationDate: "2026-12-01T10:00:00.000Z" };
      return jsonResponse(400, {
        code: "cant-update-contribution",
        subCode: "no-payment-method",
        message: "There is no payment method to change the contribution on",
      });
    });
    renderRoutes(routes, "/profile/contribution");
    await userEvent.click(await screen.findByRole("button", { name: "€15.00" }));
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    expect(await screen.findByRole("button", { name: "Continue to payment" })).toBeInTheDocument();
    expect(screen.getByText(/Your contribution is cancelled/)).toBeInTheDocument();
    expect(screen.queryByText(/can't be changed right now/)).not.toBeInTheDocument();
  });

  it("changes the payment method through the provider", async () => {
    const assign = vi.spyOn(providerNavigation, "assign").mockImplementation(() => undefined);
    answerWith((url, method) => {
      if (url.endsWith("/contact/me/payment-method") && method === "PUT") {
        return jsonResponse(200, { redirectUrl: "https://pay.example/flow/3" });
      }
      return url.endsWith("/contact/me/contribution") ? jsonResponse(200, monthly) : undefined;
    });
    renderRoutes(routes, "/profile/contribution");
    await userEvent.click(await screen.findByRole("button", { name: "Change payment method" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/flow/3"));
    expect(sentTo("/contact/me/payment-method")[0]?.body).toEqual({
      completeUrl: `${window.location.origin}/profile/contribution/payment-method/complete`,
      paymentMethod: "gc_direct-debit",
    });
  });

  it("asks why, states when the membership ends and cancels on confirmation with the reason", async () => {
    answerWith((url, method) => {
      if (url.endsWith("/contact/me/contribution/cancel") && method === "POST") return jsonResponse(204);
      if (url.endsWith("/content/payment")) return jsonResponse(200, { cancellationReasons: ["Too dear"] });
      return url.endsWith("/contact/me/contribution") ? jsonResponse(200, monthly) : undefined;
    });
    const router = renderRoutes(routes, "/profile/contribution/cancel");
    await userEvent.click(await screen.findByLabelText("Too dear"));
    await userEvent.type(screen.getByLabelText(/Anything you would like to tell us/), "  For now  ");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Your membership ends on 29 December 2026.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel my contribution" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile/contribution"));
    expect(sentTo("/contact/me/contribution/cancel")).toEqual([
      { method: "POST", body: { reason: "Too dear", reasonText: "For now" } },
    ]);
  });

  it("offers a pause where the provider allows it and sends the months with the reason", async () => {
    let current: ContributionInfo = { ...monthly, canPause: true };
    answerWith((url, method) => {
      if (url.endsWith("/contact/me/contribution/pause") && method === "POST") {
        current = { ...monthly, canPause: false, pausedUntil: "2027-02-28T00:00:00.000Z" };
        return jsonResponse(200, current);
      }
      if (url.endsWith("/content/payment")) return jsonResponse(200, { cancellationReasons: [] });
      return url.endsWith("/contact/me/contribution") ? jsonResponse(200, current) : undefined;
    });
    const router = renderRoutes(routes, "/profile/contribution/cancel");
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Choose a reason to continue.")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Something else"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await userEvent.selectOptions(await screen.findByLabelText("Length of the break"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Pause my payments" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile/contribution"));
    expect(sentTo("/contact/me/contribution/pause")).toEqual([
      { method: "POST", body: { months: 3, reason: "other" } },
    ]);
    expect(await screen.findByText("Payments paused until")).toBeInTheDocument();
    // The server refuses changes while paused: the form says so instead of offering them.
    expect(screen.getByText(/Your payments are paused until 28 February 2027/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update contribution" })).toBeDisabled();
  });

  it("offers no cancelling when there is no regular contribution", async () => {
    answerWith((url) =>
      url.endsWith("/contact/me/contribution")
        ? jsonResponse(200, { type: "None", membershipStatus: "none", hasPendingPayment: false })
        : undefined,
    );
    renderRoutes(routes, "/profile/contribution/cancel");
    expect(await screen.findByText("You have no regular contribution to cancel.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Yes, cancel my contribution" })).not.toBeInTheDocument();
    expect(screen.queryByText("Your membership ends now.")).not.toBeInTheDocument();
  });

  it("says when the contribution could not be loaded, rather than that there is none", async () => {
    answerWith((url) =>
      url.endsWith("/contact/me/contribution") ? jsonResponse(403, { code: "unauthorized", message: "x" }) : undefined,
    );
    renderRoutes(routes, "/profile/contribution/cancel");
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByText("You have no regular contribution to cancel.")).not.toBeInTheDocument();
  });

  it("completes a provider flow and returns to the contribution page", async () => {
    answerWith((url, method) => {
      if (url.endsWith("/complete") && method === "POST") return jsonResponse(200, monthly);
      return url.endsWith("/contact/me/contribution") ? jsonResponse(200, monthly) : undefined;
    });
    const router = renderRoutes(routes, "/profile/contribution/payment-method/complete?redirect_flow_id=RE9");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile/contribution"));
    expect(sentTo("/contact/me/payment-method/complete")).toEqual([{ method: "POST", body: { paymentFlowId: "RE9" } }]);
  });
});

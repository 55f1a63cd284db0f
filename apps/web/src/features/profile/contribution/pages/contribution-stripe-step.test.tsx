import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContributionInfo } from "@cohort/common/payments";
import { answerWithKey, CLIENT_SECRET, confirmButton, fakeStripe } from "../../../../test/fake-stripe";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { jsonResponse } from "../../../../test/json-response";
import { sentTo } from "../../../../test/member-api";
import { ContributionPage } from "./contribution-page";

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

describe("Stripe's step on the contribution page", () => {
  stubFetch();
  afterEach(() => {
    stripeJs.loadStripe.mockReset();
    vi.restoreAllMocks();
  });

  it("opens on the profile when a new payment method needs Stripe", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    const info: ContributionInfo = {
      type: "Automatic",
      amount: 10,
      period: "monthly",
      payFee: false,
      paymentSource: { method: "s_card", isLink: false, last4: "4242", expiryMonth: 12, expiryYear: 2030 },
      hasPendingPayment: false,
      membershipStatus: "active",
    };
    answerWithKey("pk_test_cohort", (url, method) => {
      if (url.endsWith("/contact/me/contribution")) return jsonResponse(200, info);
      if (url.endsWith("/contact/me/payment-method") && method === "PUT") {
        return jsonResponse(200, { clientSecret: CLIENT_SECRET });
      }
      return undefined;
    });
    renderRoutes([{ path: "/profile/contribution", Component: ContributionPage }], "/profile/contribution");
    await userEvent.click(await screen.findByRole("button", { name: "Change payment method" }));
    await vi.waitFor(() => expect(fake.paymentElement.mount).toHaveBeenCalled());
    expect(sentTo("/contact/me/payment-method")).toHaveLength(1);
    fake.emit("ready");
    await userEvent.click(confirmButton());
    expect(fake.stripe.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: `${window.location.origin}/profile/contribution/payment-method/complete` },
      }),
    );
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ContributionInfo } from "@cohort/common/payments";
import { jsonResponse } from "../../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, joinContent, sentTo } from "../../../../test/member-api";
import { PaymentMethodCard } from "./payment-method-card";

const byDirectDebit: ContributionInfo = {
  type: "Automatic",
  amount: 10,
  period: "monthly",
  payFee: false,
  paymentSource: { method: "gc_direct-debit" },
  hasPendingPayment: false,
  membershipStatus: "active",
};

describe("PaymentMethodCard", () => {
  stubFetch();
  function offer(methods: string[]) {
    answerWith((url, method) => {
      if (url.split("?")[0]?.endsWith("/content/join")) {
        return jsonResponse(200, { ...joinContent, paymentMethods: methods });
      }
      return url.endsWith("/contact/me/payment-method") && method === "PUT"
        ? jsonResponse(200, { redirectUrl: "http://localhost/test-checkout/1" })
        : undefined;
    });
  }

  it("offers the join form's methods only, with the member's current one chosen", async () => {
    offer(["s_sepa", "gc_direct-debit"]);
    renderRoutes([{ path: "/", element: <PaymentMethodCard info={byDirectDebit} /> }], "/");
    await vi.waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(2));
    expect(screen.getByRole("radio", { name: "Direct debit (GoCardless)" })).toBeChecked();
    expect(screen.queryByRole("radio", { name: "Credit or debit card" })).not.toBeInTheDocument();
  });

  it("starts with the first offered method when the current one is no longer offered", async () => {
    offer(["s_sepa"]);
    renderRoutes([{ path: "/", element: <PaymentMethodCard info={byDirectDebit} /> }], "/");
    await vi.waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Change payment method" }));
    await vi.waitFor(() =>
      expect(sentTo("/contact/me/payment-method")[0]?.body).toMatchObject({ paymentMethod: "s_sepa" }),
    );
  });
});

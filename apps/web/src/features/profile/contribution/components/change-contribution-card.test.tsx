import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ContributionInfo } from "@cohort/common/payments";
import { jsonResponse } from "../../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, joinContent, sentTo } from "../../../../test/member-api";
import { ChangeContributionCard } from "./change-contribution-card";

const monthly: ContributionInfo = {
  type: "Automatic",
  amount: 10,
  period: "monthly",
  payFee: true,
  paymentSource: { method: "gc_direct-debit" },
  hasPendingPayment: false,
  membershipStatus: "active",
};

describe("ChangeContributionCard", () => {
  stubFetch();
  it("follows the join form's minimum and fee option", async () => {
    answerWith((url, method) => {
      if (url.split("?")[0]?.endsWith("/content/join")) {
        return jsonResponse(200, {
          ...joinContent,
          periods: [{ name: "monthly", presetAmounts: [7, 14, 21] }],
          minMonthlyAmount: 3,
          showAbsorbFee: false,
        });
      }
      return url.endsWith("/contact/me/contribution") && method === "PATCH"
        ? jsonResponse(200, { ...monthly, amount: 14, payFee: false })
        : undefined;
    });
    renderRoutes([{ path: "/", element: <ChangeContributionCard info={monthly} /> }], "/");
    expect(await screen.findByRole("button", { name: "€14.00" })).toBeInTheDocument();
    expect(screen.getByText("At least €3.00")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    const amount = screen.getByLabelText("Other amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "2");
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    expect(await screen.findByText("The minimum is €3.00")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "€14.00" }));
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    await vi.waitFor(() =>
      expect(sentTo("/contact/me/contribution")).toEqual([
        { method: "PATCH", body: { amount: 14, period: "monthly", payFee: false } },
      ]),
    );
  });

  it("starts from an amount waiting for the next payment, so sending the form again keeps it", async () => {
    answerWith((url, method) =>
      url.endsWith("/contact/me/contribution") && method === "PATCH" ? jsonResponse(200, monthly) : undefined,
    );
    const raised: ContributionInfo = { ...monthly, amount: 12, nextAmount: 20, payFee: false };
    renderRoutes([{ path: "/", element: <ChangeContributionCard info={raised} /> }], "/");
    expect(await screen.findByLabelText("Other amount")).toHaveValue("20");
    await userEvent.click(screen.getByRole("button", { name: "Update contribution" }));
    await vi.waitFor(() =>
      expect(sentTo("/contact/me/contribution")).toEqual([
        { method: "PATCH", body: { amount: 20, period: "monthly", payFee: false } },
      ]),
    );
  });
});

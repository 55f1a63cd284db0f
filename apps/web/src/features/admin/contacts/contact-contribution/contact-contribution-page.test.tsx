import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contact, generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { ContactContributionPage } from "./contact-contribution-page";

const sam = contact();

const automatic = {
  type: "Automatic",
  amount: 5,
  period: "monthly",
  paymentSource: { method: "s_card", isLink: false, last4: "4242", expiryMonth: 4, expiryYear: 2030 },
  membershipStatus: "active",
  membershipExpiryDate: "2026-04-10T00:00:00.000Z",
  renewalDate: "2026-04-03T00:00:00.000Z",
};

const manual = { type: "Manual", amount: 3, period: "monthly", membershipStatus: "active" };
let current: object = automatic;

const payments = {
  items: [
    {
      id: "0f4e2b1c-3a5d-4e6f-8a7b-9c0d1e2f3a4b",
      amount: 5,
      chargeDate: "2026-03-03T09:00:00.000Z",
      status: "successful",
    },
  ],
  total: 1,
  offset: 0,
  count: 1,
};

function forceRequests() {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).endsWith("/contribution/force"));
}

/** The JSON a request sent. */
function sentBody(init: RequestInit | undefined): string {
  return typeof init?.body === "string" ? init.body : "";
}

function renderTab() {
  renderRoutes(
    [
      {
        path: "/admin/contacts/:id",
        Component: () => <Outlet context={sam} />,
        children: [{ path: "contribution", Component: ContactContributionPage }],
      },
    ],
    `/admin/contacts/${sam.id}/contribution`,
  );
}

describe("ContactContributionPage", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input, init) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.endsWith("/contribution/force") && init?.method === "PATCH") {
        return Promise.resolve(
          jsonResponse(200, { type: "Manual", amount: 8.5, period: "annually", membershipStatus: "active" }),
        );
      }
      if (url.includes("/contribution/cancel")) return Promise.resolve(new Response(null, { status: 204 }));
      if (url.includes("/contribution")) return Promise.resolve(jsonResponse(200, current));
      if (url.includes("/payment")) return Promise.resolve(jsonResponse(200, payments));
      return Promise.resolve(
        jsonResponse(404, { httpCode: 404, name: "NotFoundError", code: "not-found", message: "" }),
      );
    });
  });

  afterEach(() => {
    current = automatic;
  });

  it("shows the contribution summary and the contact's payments", async () => {
    renderTab();
    expect(await screen.findByText("€5.00")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Payments" });
    expect(within(table).getByText("Successful")).toBeInTheDocument();
    expect(screen.getByText("Card")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel contribution" })).toBeInTheDocument();
  });

  it("shows a pause and the reason the member last gave, in their words", async () => {
    current = {
      ...automatic,
      pausedUntil: "2027-02-28T00:00:00.000Z",
      cancellationReason: "other",
      cancellationReasonText: "Back after the summer",
    };
    renderTab();
    expect(await screen.findByText("Payments paused until")).toBeInTheDocument();
    expect(screen.getByText("Reason given").nextSibling).toHaveTextContent("Something else");
    expect(screen.getByText("Back after the summer")).toBeInTheDocument();
  });

  it("sends a manual contribution with its amount, period, source and reference", async () => {
    current = manual;
    renderTab();
    await screen.findByRole("table", { name: "Payments" });
    await userEvent.type(await screen.findByLabelText("Amount (€)"), "8,50");
    await userEvent.selectOptions(screen.getByLabelText("Every"), "annually");
    await userEvent.type(screen.getByLabelText("Source", { exact: false }), "Standing order");
    await userEvent.type(screen.getByLabelText("Reference"), "SO-1182");
    await userEvent.click(screen.getByRole("button", { name: "Save contribution" }));
    await waitFor(() => expect(forceRequests()).toHaveLength(1));
    const [input, init] = forceRequests()[0]!;
    expect(requestUrl(input)).toContain(`/contact/${sam.id}/contribution/force`);
    expect(JSON.parse(sentBody(init))).toEqual({
      type: "Manual",
      amount: 8.5,
      period: "annually",
      source: "Standing order",
      reference: "SO-1182",
    });
  });

  it("removes a contribution with type None alone", async () => {
    current = manual;
    renderTab();
    await screen.findByRole("table", { name: "Payments" });
    await userEvent.selectOptions(await screen.findByLabelText("Contribution"), "None");
    await userEvent.click(screen.getByRole("button", { name: "Save contribution" }));
    await waitFor(() => expect(forceRequests()).toHaveLength(1));
    expect(JSON.parse(sentBody(forceRequests()[0]![1]))).toEqual({ type: "None" });
  });

  it("does not send an amount that is not a positive number", async () => {
    current = manual;
    renderTab();
    await screen.findByRole("table", { name: "Payments" });
    await userEvent.type(await screen.findByLabelText("Amount (€)"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Save contribution" }));
    expect(
      await screen.findByText("Enter an amount greater than zero, with at most two decimals."),
    ).toBeInTheDocument();
    expect(forceRequests()).toHaveLength(0);
  });

  it("offers cancelling, not the manual form, while an automatic contribution runs", async () => {
    renderTab();
    expect(await screen.findByText(/paid automatically and still running/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save contribution" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel contribution" })).toBeInTheDocument();
  });

  it("explains the refusal while payments of a cancelled automatic contribution are pending", async () => {
    current = { ...automatic, cancellationDate: "2026-03-20T00:00:00.000Z" };
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      requestUrl(input).endsWith("/contribution/force")
        ? Promise.resolve(
            jsonResponse(400, {
              httpCode: 400,
              name: "BadRequestError",
              code: "cant-update-contribution",
              message: "The contribution can't be changed",
            }),
          )
        : original(input, init),
    );
    renderTab();
    await screen.findByRole("table", { name: "Payments" });
    await userEvent.type(await screen.findByLabelText("Amount (€)"), "10");
    await userEvent.click(screen.getByRole("button", { name: "Save contribution" }));
    expect(await screen.findByText(/This contribution is paid automatically and is still running/)).toBeInTheDocument();
  });

  it("cancels the contribution once confirmed", async () => {
    renderTab();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel contribution" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel contribution" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => requestUrl(input).endsWith("/contribution/cancel") && init?.method === "POST",
        ),
      ).toBe(true),
    );
  });
});

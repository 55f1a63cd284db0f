import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { answerWith } from "../../../test/member-api";
import { PaymentUpdatePage } from "./payment-update-page";

const linkId = "0d3e1c2b-5a6f-4b7c-8d9e-1f2a3b4c5d6e";
const routes = [{ path: "/payment/update/:id", Component: PaymentUpdatePage }];

const episode = {
  id: "1a2b3c4d-5a6f-4b7c-8d9e-1f2a3b4c5d6e",
  status: "failed",
  category: "card-expired",
  amount: 9,
  currency: "GBP",
  attempts: 1,
  startedAt: "2026-11-28T10:00:00.000Z",
  graceUntil: "2026-12-12T10:00:00.000Z",
  nextAttemptAt: null,
  endedAt: null,
};

describe("the update-payment page", () => {
  stubFetch();

  it("says in plain words why the renewal failed and offers to set up a payment method", async () => {
    answerWith((url) =>
      url.endsWith(`/payment-update/${linkId}`)
        ? jsonResponse(200, { firstname: "Mia", episode, paymentMethod: "s_card" })
        : undefined,
    );
    renderRoutes(routes, `/payment/update/${linkId}`);
    expect(await screen.findByRole("heading", { name: "Update your payment method" })).toBeInTheDocument();
    expect(screen.getByText("The card or account on file is no longer valid")).toBeInTheDocument();
    expect(screen.getByText(/Hello Mia/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Set up payment method" })).toBeEnabled();
  });

  it("says that a used or expired link no longer works", async () => {
    answerWith((url) =>
      url.endsWith(`/payment-update/${linkId}`)
        ? jsonResponse(404, { code: "not-found", message: "x", httpCode: 404 })
        : undefined,
    );
    renderRoutes(routes, `/payment/update/${linkId}`);
    expect(await screen.findByText("This link no longer works")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set up payment method" })).not.toBeInTheDocument();
  });

  it("shows no form once the payment has gone through", async () => {
    answerWith((url) =>
      url.endsWith(`/payment-update/${linkId}`)
        ? jsonResponse(200, { firstname: "Mia", episode: { ...episode, status: "recovered" }, paymentMethod: "s_card" })
        : undefined,
    );
    renderRoutes(routes, `/payment/update/${linkId}`);
    expect(await screen.findByText("All sorted")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set up payment method" })).not.toBeInTheDocument();
  });
});

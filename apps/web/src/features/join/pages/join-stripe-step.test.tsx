import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerWithKey, CLIENT_SECRET, fakeStripe } from "../../../test/fake-stripe";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { jsonResponse } from "../../../test/json-response";
import { JoinPage } from "./join-page";

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

describe("Stripe's step on the join page", () => {
  stubFetch();
  afterEach(() => {
    stripeJs.loadStripe.mockReset();
    vi.restoreAllMocks();
  });

  it("opens on the join page for a card and goes back to the choices as they were", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    answerWithKey("pk_test_cohort", (url) =>
      url.endsWith("/signup") ? jsonResponse(200, { clientSecret: CLIENT_SECRET }) : undefined,
    );
    renderRoutes([{ path: "/join", Component: JoinPage }], "/join");
    await userEvent.click(await screen.findByRole("button", { name: "€15.00" }));
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Join" }));

    await vi.waitFor(() => expect(fake.paymentElement.mount).toHaveBeenCalled());
    expect(screen.getByRole("dialog", { name: "Your payment details" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change my choices" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fake.paymentElement.destroy).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "€15.00" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Email")).toHaveValue("sam@example.com");
  });
});

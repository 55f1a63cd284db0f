import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerWithKey, CLIENT_SECRET, confirmButton, fakeStripe } from "../../test/fake-stripe";
import { renderRoutes, stubFetch } from "../../test/harness";
import type { StripeSetupFlow } from "./stripe-payment-form";
import { StripeSetupStep } from "./stripe-setup-step";

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

function renderStep(flow: StripeSetupFlow = "join", onClose = vi.fn()) {
  renderRoutes(
    [{ path: "/", element: <StripeSetupStep clientSecret={CLIENT_SECRET} flow={flow} onClose={onClose} /> }],
    "/",
  );
  return onClose;
}

describe("StripeSetupStep", () => {
  stubFetch();
  afterEach(() => {
    stripeJs.loadStripe.mockReset();
    vi.restoreAllMocks();
  });

  it("shows a loading state until Stripe's Payment Element for the SetupIntent is ready", async () => {
    const fake = fakeStripe();
    let resolveLoad: (stripe: unknown) => void = () => undefined;
    stripeJs.loadStripe.mockReturnValue(new Promise((resolve) => (resolveLoad = resolve)));
    answerWithKey();
    renderStep();

    expect(await screen.findByRole("dialog", { name: "Your payment details" })).toBeInTheDocument();
    expect(screen.getByText("Loading the secure payment form…")).toBeInTheDocument();
    await vi.waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalledWith("pk_test_cohort", { locale: "en" }));
    expect(confirmButton()).toBeDisabled();

    await act(async () => resolveLoad(fake.stripe));
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: CLIENT_SECRET }));
    expect(fake.elements.create).toHaveBeenCalledWith("payment", expect.anything());
    expect(fake.paymentElement.mount).toHaveBeenCalledWith(screen.getByTestId("stripe-payment-element"));
    fake.emit("ready");
    expect(screen.queryByText("Loading the secure payment form…")).not.toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it.each([
    ["join", "/join/complete"],
    ["contribution", "/profile/contribution/complete"],
    ["payment-method", "/profile/contribution/payment-method/complete"],
  ] as const)(
    "confirms a %s setup with its complete page as return_url and shows Stripe's error",
    async (flow, path) => {
      const fake = fakeStripe();
      stripeJs.loadStripe.mockResolvedValue(fake.stripe);
      answerWithKey();
      renderStep(flow);
      await vi.waitFor(() => expect(fake.paymentElement.mount).toHaveBeenCalled());
      fake.emit("ready");
      await userEvent.click(confirmButton());

      expect(fake.stripe.confirmSetup).toHaveBeenCalledWith({
        elements: fake.elements,
        confirmParams: { return_url: `${window.location.origin}${path}` },
      });
      expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
      expect(confirmButton()).toBeEnabled();
    },
  );

  it("says the form could not load when Stripe.js is blocked, and loads it on a second try", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockRejectedValueOnce(new Error("Failed to load Stripe.js")).mockResolvedValue(fake.stripe);
    answerWithKey();
    renderStep();
    expect(await screen.findByText("The payment form couldn't be loaded")).toBeInTheDocument();
    expect(screen.getByText(/allow js\.stripe\.com/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(fake.paymentElement.mount).toHaveBeenCalled());
    fake.emit("ready");
    expect(screen.queryByText("The payment form couldn't be loaded")).not.toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it("shows Stripe's message when the Payment Element cannot load", async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    answerWithKey();
    renderStep();
    await vi.waitFor(() => expect(fake.paymentElement.mount).toHaveBeenCalled());
    fake.emit("loaderror", {
      elementType: "payment",
      error: { type: "invalid_request_error", message: "No such setupintent" },
    });
    expect(await screen.findByText("No such setupintent")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("explains that Stripe is not set up when the site has no publishable key, without loading Stripe.js", async () => {
    answerWithKey("");
    const onClose = renderStep();
    expect(await screen.findByText("Card and bank payments aren't set up")).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Confirm payment details" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change my choices" }));
    expect(onClose).toHaveBeenCalled();
  });
});

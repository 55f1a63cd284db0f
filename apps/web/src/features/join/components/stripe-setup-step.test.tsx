import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContributionInfo } from "@cohort/common/contributions";
import { jsonResponse } from "../../../test/json-response";
import { ContributionPage } from "../../profile/contribution/pages/contribution-page";
import { answerWith, fetchMock, joinContent, renderRoutes, sentTo } from "../page-test-kit";
import { JoinPage } from "../pages/join-page";
import type { StripeSetupFlow } from "../stripe-payment-form";
import { StripeSetupStep } from "./stripe-setup-step";

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: stripeJs.loadStripe }));

const CLIENT_SECRET = "seti_123_secret_abc";
type Listener = (event?: unknown) => void;

/** The parts of Stripe.js the step uses, recording what it was asked. */
function fakeStripe(confirmError = "Your card was declined.") {
  const listeners = new Map<string, Listener>();
  const paymentElement = {
    on: vi.fn((name: string, listener: Listener) => {
      listeners.set(name, listener);
      return paymentElement;
    }),
    mount: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => paymentElement) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmSetup: vi.fn(() => Promise.resolve({ error: { type: "card_error", message: confirmError } })),
  };
  const emit = (name: string, event?: unknown) => act(() => listeners.get(name)?.(event));
  return { stripe, elements, paymentElement, emit };
}

/** Answers the join settings with a publishable key, or without one. */
function answerWithKey(
  stripePublicKey = "pk_test_cohort",
  more?: (url: string, method: string) => Response | undefined,
) {
  answerWith((url, method) =>
    url.split("?")[0]?.endsWith("/content/join")
      ? jsonResponse(200, { ...joinContent, stripePublicKey })
      : more?.(url, method),
  );
}

function renderStep(flow: StripeSetupFlow = "join", onClose = vi.fn()) {
  renderRoutes(
    [{ path: "/", element: <StripeSetupStep clientSecret={CLIENT_SECRET} flow={flow} onClose={onClose} /> }],
    "/",
  );
  return onClose;
}

const confirmButton = () => screen.getByRole("button", { name: "Confirm payment details" });

describe("StripeSetupStep", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    stripeJs.loadStripe.mockReset();
    vi.unstubAllGlobals();
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

describe("Stripe's step on the pages", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    stripeJs.loadStripe.mockReset();
    vi.unstubAllGlobals();
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

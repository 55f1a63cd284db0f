import { act, screen } from "@testing-library/react";
import { vi } from "vitest";
import { jsonResponse } from "./json-response";
import { answerWith, joinContent } from "./member-api";

// Stand-ins for Stripe.js in the tests of the payment step; each test file mocks `@stripe/stripe-js/pure`.

/** The secret of the SetupIntent the server hands out. */
export const CLIENT_SECRET = "seti_123_secret_abc";

type Listener = (event?: unknown) => void;

/** The parts of Stripe.js the step uses, recording what it was asked. */
export function fakeStripe(confirmError = "Your card was declined.") {
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
export function answerWithKey(
  stripePublicKey = "pk_test_cohort",
  more?: (url: string, method: string) => Response | undefined,
) {
  answerWith((url, method) =>
    url.split("?")[0]?.endsWith("/content/join")
      ? jsonResponse(200, { ...joinContent, stripePublicKey })
      : more?.(url, method),
  );
}

export const confirmButton = () => screen.getByRole("button", { name: "Confirm payment details" });

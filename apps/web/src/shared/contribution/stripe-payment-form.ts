import { contributionPaths } from "@cohort/common/contributions";
import { appUrl } from "../../api/contribution";

/** Which flow a Stripe setup belongs to; each returns to its own complete page. */
export type StripeSetupFlow = "join" | "contribution" | "payment-method" | "gift";

const completePaths: Record<StripeSetupFlow, string> = {
  join: contributionPaths.joinComplete,
  contribution: contributionPaths.contributionComplete,
  "payment-method": contributionPaths.paymentMethodComplete,
  gift: contributionPaths.giftComplete,
};

/** The address Stripe sends the browser back to: the same `completeUrl` the page gave the server. */
export function stripeReturnUrl(flow: StripeSetupFlow): string {
  return appUrl(completePaths[flow]);
}

/** Stripe's payment form mounted on the page. */
export interface MountedPaymentForm {
  /** Confirms the SetupIntent; on success Stripe leaves for the return address, so only errors come back. */
  confirm(): Promise<{ message: string | null }>;
  destroy(): void;
}

export interface MountPaymentFormOptions {
  publishableKey: string;
  clientSecret: string;
  container: HTMLElement;
  returnUrl: string;
  /** A one-time gift confirms a PaymentIntent; every other flow a SetupIntent. */
  isPayment?: boolean;
  locale: string;
  /** Called when the form has rendered and can take input. */
  onReady: () => void;
  /** Called when Stripe cannot show the form (a bad key or client secret, a network failure). */
  onLoadError: (message: string | null) => void;
}

/** Stripe supports the plain language codes of the site's locales (`de@easy` → `de`). */
function stripeLocale(locale: string): "de" | "nl" | "pt" | "it" | "ru" | "en" | "auto" {
  const language = locale.split(/[@_-]/)[0];
  return language === "de" || language === "nl" || language === "pt" || language === "it" || language === "ru"
    ? language
    : language === "en"
      ? "en"
      : "auto";
}

/**
 * Loads Stripe.js and mounts its Payment Element for the SetupIntent. The
 * library is imported here, on demand, so pages pay for it only once a Stripe
 * method is chosen; `pure` adds the script only when `loadStripe` runs.
 * Throws when Stripe.js cannot load.
 */
export async function mountPaymentForm(options: MountPaymentFormOptions): Promise<MountedPaymentForm> {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  const stripe = await loadStripe(options.publishableKey, { locale: stripeLocale(options.locale) });
  if (!stripe) throw new Error("Stripe.js not available");
  const primary = getComputedStyle(document.documentElement).getPropertyValue("--cohort-primary").trim();
  const elements = stripe.elements({
    clientSecret: options.clientSecret,
    appearance: { theme: "stripe", variables: { borderRadius: "8px", ...(primary && { colorPrimary: primary }) } },
  });
  const paymentElement = elements.create("payment", { layout: "tabs" });
  paymentElement.on("ready", options.onReady);
  paymentElement.on("loaderror", (event) => options.onLoadError(event.error.message ?? null));
  paymentElement.mount(options.container);
  return {
    async confirm() {
      const confirmParams = { return_url: options.returnUrl };
      const { error } = options.isPayment
        ? await stripe.confirmPayment({ elements, confirmParams })
        : await stripe.confirmSetup({ elements, confirmParams });
      return { message: error.message ?? null };
    },
    destroy() {
      paymentElement.destroy();
    },
  };
}

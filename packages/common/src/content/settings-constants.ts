import { DEFAULT_GRACE_DAYS } from "../recovery/constants.js";
import type {
  ContactsContent,
  EmailContent,
  PaymentContent,
  ProfileContent,
  ShareContent,
  TelegramContent,
} from "./settings-schemas.js";

/**
 * What the settings served at `/content/{id}` read on a new install, beside
 * general, join and join/setup (decision 024). Read-only fields filled in by
 * the server from its configuration are left out here.
 */
export const defaultProfileContent: ProfileContent = { introMessage: "" };

export const defaultContactsContent: ContactsContent = { tags: [], manualPaymentSources: [] };

export const defaultEmailContent: Omit<EmailContent, "footer"> = { supportEmail: "", supportEmailName: "" };

export const defaultShareContent: ShareContent = { title: "", description: "", image: "", twitterHandle: "" };

export const defaultPaymentContent: Omit<PaymentContent, "stripePublicKey" | "stripeCountry"> = {
  taxRateEnabled: false,
  taxRate: 0,
  cancellationReasons: [
    "It costs more than I can give just now",
    "I don't read or use it enough",
    "I disagree with the coverage",
    "I support in another way",
  ],
  pausedStaysMember: true,
  paymentGraceDays: DEFAULT_GRACE_DAYS,
};

export const defaultTelegramContent: TelegramContent = { welcomeMessageMd: "" };

/** The most names the contacts settings keep in each list. */
export const MAX_CONTACT_SETTING_NAMES = 100;

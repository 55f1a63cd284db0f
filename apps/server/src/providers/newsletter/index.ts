import type { OutgoingRequest } from "../../lib/outgoing.js";
import { ListmonkProvider } from "./listmonk.js";
import { MailchimpProvider } from "./mailchimp.js";
import { noNewsletterProvider, type NewsletterConnection, type NewsletterProvider } from "./provider.js";

export * from "./provider.js";
export { ListmonkProvider } from "./listmonk.js";

/**
 * The provider the settings choose (decision 061). Mailchimp's address is fixed unless the
 * operator redirects it (`MAILCHIMP_API_URL`, for stand-ins); listmonk's is a setting and goes
 * through the guarded client of decision 054 (its plain `request`: decision 091).
 */
export function createNewsletterProvider(
  connection: NewsletterConnection,
  options: { request: OutgoingRequest; mailchimpApiUrl?: string | undefined },
): NewsletterProvider {
  if (connection.provider === "mailchimp" && connection.apiKey && connection.listId) {
    return new MailchimpProvider(connection, options.mailchimpApiUrl);
  }
  if (connection.provider === "listmonk" && connection.apiKey && connection.apiUrl && connection.listId) {
    return new ListmonkProvider(connection, options.request);
  }
  return noNewsletterProvider;
}

import type { EmailProvider, OutgoingEmail } from "./index.js";

/** The default with no mail server: emails are kept in the outbox table and never sent. */
export class OutboxOnlyEmailProvider implements EmailProvider {
  readonly delivers = false;

  send(_message: OutgoingEmail): Promise<void> {
    return Promise.reject(new Error("No mail server is configured (SMTP_URL); the email stays in the outbox."));
  }

  close(): void {}
}

import type { EmailConfig } from "../../config.js";
import { OutboxOnlyEmailProvider } from "./outbox-only.js";
import { SmtpEmailProvider } from "./smtp.js";

/** One message ready to hand to a mail server. */
export interface OutgoingEmail {
  /** Sender: `"Name" <address>` or an address object. */
  from: string | { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Stays the same on every try, so a receiver can drop a duplicate. */
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * How emails leave Cohort. Every email is first written to the outbox table;
 * a provider that delivers takes unsent rows from there. The default keeps
 * them in the outbox only (admins and tests read them); with SMTP_URL they go
 * to that mail server.
 */
export interface EmailProvider {
  /** False when emails stay in the outbox and nothing is sent. */
  readonly delivers: boolean;
  /** Hands one message over; rejects when the mail server refuses it or cannot be reached. */
  send(message: OutgoingEmail): Promise<void>;
  /** Lets go of open connections. */
  close(): void;
}

/** SMTP when SMTP_URL is set, else the outbox only. */
export function createEmailProvider(config: EmailConfig): EmailProvider {
  return config.smtpUrl ? new SmtpEmailProvider(config.smtpUrl) : new OutboxOnlyEmailProvider();
}

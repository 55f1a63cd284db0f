import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type { EmailProvider, OutgoingEmail } from "./index.js";

/** Limits for a mail server that stops answering; a try then fails and is retried later. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Delivers through an SMTP server given as a URL:
 * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS
 * from the start). Options nodemailer reads from the query, such as
 * `?pool=true`, pass through.
 */
export class SmtpEmailProvider implements EmailProvider {
  readonly delivers = true;
  private readonly transport: Transporter;

  constructor(url: string) {
    this.transport = nodemailer.createTransport({ ...TIMEOUTS, ...parseConnectionUrl(url) });
  }

  async send(message: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
      headers: message.headers,
    });
  }

  close(): void {
    this.transport.close();
  }
}

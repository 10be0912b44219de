import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Tests pass their own to capture messages. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `smtpUrl` is set; otherwise every message is written to the server log. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      // No SMTP configured: the operator reads the mail (e.g. a reset link) from the log.
      options.logger.warn(
        { mailTo: message.to, subject: message.subject },
        `mail not sent (no SMTP_URL):\n${message.text}`,
      );
    },
  };
}

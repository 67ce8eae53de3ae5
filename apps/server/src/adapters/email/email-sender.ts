/** Sends an e-mail. Implementations: the local outbox (default) and SMTP (when SMTP_URL is set). */
export type EmailMessage = { to: string; subject: string; text: string; html?: string };

export type EmailSender = {
  kind: 'outbox' | 'smtp';
  /** Rejects when the server refuses the message. */
  send: (message: EmailMessage) => Promise<void>;
};

/** Sends a text message. Implementations: the local outbox (default) and Twilio (when configured). */
export type SmsSender = {
  kind: 'outbox' | 'twilio';
  /** `to` is an E.164 number (+1...). Rejects when the provider refuses the message. */
  send: (to: string, text: string) => Promise<void>;
};

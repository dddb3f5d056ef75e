/** The port outgoing email leaves through; `modules/email` has its SMTP and sandbox adapters. */
export type OutgoingEmail = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  inReplyTo: string | undefined;
  references: string[];
  /** The https URL of the recipient's one-click unsubscribe (RFC 8058); none for staff mail. */
  unsubscribeUrl?: string;
  /** Files the message carries, typed by what their bytes are. */
  attachments?: { filename: string; content: Buffer; contentType: string | undefined }[];
};

/** Sends one email; answers the MIME that left (the sandbox keeps it for the outbox). */
export type EmailTransport = {
  kind: 'smtp' | 'sandbox';
  send: (email: OutgoingEmail) => Promise<{ raw: string | null }>;
  close: () => void;
};

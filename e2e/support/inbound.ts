import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import twilio from 'twilio';

/**
 * Posts an inbound SMS webhook to the server exactly as Twilio would: form-encoded, signed with
 * the account's auth token over the public URL and the sorted parameters.
 */
export const postInboundSms = async (
  baseUrl: string,
  authToken: string,
  message: { from: string; to: string; body: string },
) => {
  const url = `${baseUrl}/webhooks/twilio/inbound`;
  const params: Record<string, string> = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: `AC${randomBytes(16).toString('hex')}`,
    From: message.from,
    To: message.to,
    Body: message.body,
    NumMedia: '0',
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  if (response.status !== 200) {
    throw new Error(`inbound webhook answered ${response.status}: ${await response.text()}`);
  }
  return params.MessageSid!;
};

/** Sends an email to the server's inbound SMTP listener, through a real SMTP client. */
export const sendInboundEmail = async (
  port: number,
  mail: { from: string; to: string; subject: string; text: string; inReplyTo?: string },
) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
};

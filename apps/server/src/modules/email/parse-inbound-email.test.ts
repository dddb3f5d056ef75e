import { describe, expect, it } from 'vitest';
import { isHardBounce } from './delivery-report.js';
import { parseInboundEmail } from './parse-inbound-email.js';

const mail = (headers: string[], body = 'Hello') =>
  Buffer.from([...headers, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n'));

describe('parseInboundEmail', () => {
  it('reads sender, recipients and threading ids from the headers', async () => {
    const email = await parseInboundEmail(
      mail([
        'From: "Ana Ruiz" <Ana.Ruiz@Example.com>',
        'To: Leasing <LEASING+P-1002@lakeside.test>, other@example.com',
        'Cc: team@example.com',
        'Delivered-To: delivered@lakeside.test',
        'X-Original-To: original@lakeside.test',
        'Subject: Question',
        'Message-ID: <m1@example.com>',
        'In-Reply-To: <a@x> <b@x>',
        'References: <r1@x>',
        '  <r2@x>',
      ]),
    );
    expect(email).toMatchObject({
      messageId: '<m1@example.com>',
      subject: 'Question',
      text: 'Hello',
      from: { address: 'ana.ruiz@example.com', name: 'Ana Ruiz' },
      inReplyTo: '<a@x>',
      references: ['<r1@x>', '<r2@x>'],
      autoSubmitted: false,
      deliveryReport: undefined,
    });
    expect(email.headerRecipients).toEqual([
      'leasing+p-1002@lakeside.test',
      'other@example.com',
      'team@example.com',
      'delivered@lakeside.test',
      'original@lakeside.test',
    ]);
  });

  it('recognises every kind of automatic message, and not a person saying no', async () => {
    const automatic = [
      'Auto-Submitted: auto-replied',
      'Auto-Submitted: auto-generated; owner-email="x@example.com"',
      'X-Autoreply: yes',
      'X-Autorespond: Out of office',
      'Precedence: bulk',
      'Precedence: junk',
      'Precedence: auto_reply',
    ];
    for (const header of automatic) {
      expect((await parseInboundEmail(mail([header]))).autoSubmitted, header).toBe(true);
    }
    for (const header of ['Auto-Submitted: no', 'Precedence: first-class']) {
      expect((await parseInboundEmail(mail([header]))).autoSubmitted, header).toBe(false);
    }
  });

  it('gives a message without a Message-ID a content id that relays do not change', async () => {
    const body = ['From: a@example.com', 'To: leasing@lakeside.test', 'Subject: no id'];
    const direct = await parseInboundEmail(mail(body));
    const relayed = await parseInboundEmail(
      mail(['Received: from relay.example by mx.example; Mon, 1 Jan 2024 00:00:00 +0000', ...body]),
    );
    const other = await parseInboundEmail(mail(body, 'Something else'));
    expect(direct.messageId).toMatch(/^<[0-9a-f]{64}@inbound\.local>$/);
    expect(relayed.messageId).toBe(direct.messageId);
    expect(other.messageId).not.toBe(direct.messageId);
  });

  it('reads a delivery-status report: the failed recipient and the returned Message-ID', async () => {
    const raw = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      'To: leasing@lakeside.test',
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <dsn-1@mx.example.net>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; ok@example.com',
      'Action: delivered',
      'Status: 2.0.0',
      '',
      'Final-Recipient: rfc822; gone@example.com',
      'Action: failed',
      'Status: 5.1.1 (bad destination mailbox address)',
      'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.com>:',
      '  Recipient address rejected: User unknown',
      '',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      'From: leasing@lakeside.test',
      'Message-ID: <sent-1@lakeside.test>',
      '--b1--',
      '',
    ].join('\r\n');
    const email = await parseInboundEmail(Buffer.from(raw));
    expect(email.deliveryReport).toEqual({
      report: {
        status: '5.1.1',
        action: 'failed',
        recipient: 'gone@example.com',
        diagnostic: '550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown',
      },
      returnedMessageIds: ['<sent-1@lakeside.test>'],
    });
    expect(email.text).toBe('Your message could not be delivered.');
    expect(email.attachments).toEqual([]);
    expect(isHardBounce(email.deliveryReport!.report)).toBe(true);
    expect(
      isHardBounce({ status: '4.4.7', action: 'delayed', recipient: null, diagnostic: null }),
    ).toBe(false);
  });
});

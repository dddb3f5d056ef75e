import { describe, expect, it } from 'vitest';
import { conversationEvent } from '../../../testing/fixtures';
import { findEmailAwaitingReply, replySubject } from './reply';

describe('replySubject', () => {
  it("prefixes 'Re: ' once", () => {
    expect(replySubject('Your application')).toBe('Re: Your application');
    expect(replySubject('Re: Your application')).toBe('Re: Your application');
    expect(replySubject('RE: Tour')).toBe('RE: Tour');
    expect(replySubject(null)).toBe('Re:');
  });
});

describe('findEmailAwaitingReply', () => {
  const leadEmail = conversationEvent({ eventType: 'EMAIL', subject: 'Hi', senderType: 'LEAD' });

  it('is the newest event when it is an email from the lead, office decisions aside', () => {
    const decision = conversationEvent({ eventType: 'OFFICE_DECISION', senderType: 'ASSISTANT' });
    expect(findEmailAwaitingReply([decision, leadEmail])).toBe(leadEmail);
  });

  it('is nothing when something else came after it, or the email is ours', () => {
    const sms = conversationEvent({ eventType: 'SMS' });
    const ours = conversationEvent({ eventType: 'EMAIL', senderType: 'USER' });
    expect(findEmailAwaitingReply([sms, leadEmail])).toBeNull();
    expect(findEmailAwaitingReply([ours, leadEmail])).toBeNull();
    expect(findEmailAwaitingReply([])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { checkAttachmentLimits, isAttachableImage } from '../../../lib/attachments';
import { checkDraft } from './draft-validation';

const MB = 1024 * 1024;
const image = (size: number) => ({ size });

describe('checkAttachmentLimits', () => {
  it("allows Twilio's 10 images and 5 MB in all", () => {
    expect(checkAttachmentLimits(Array.from({ length: 10 }, () => image(500 * 1024)))).toBeNull();
    expect(checkAttachmentLimits([image(5 * MB)])).toBeNull();
  });

  it('says how many and how much when over', () => {
    expect(checkAttachmentLimits(Array.from({ length: 11 }, () => image(1000)))).toBe(
      'Too many images: 11 attached, at most 10 per message.',
    );
    expect(checkAttachmentLimits([image(3 * MB), image(3 * MB)])).toBe(
      'Images too large: 6.0 MB in all, at most 5 MB per message.',
    );
  });
});

describe('isAttachableImage', () => {
  it('takes PNG, JPEG, GIF and WebP only', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(isAttachableImage({ type })).toBe(true);
    }
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(isAttachableImage({ type })).toBe(false);
    }
  });
});

describe('checkDraft', () => {
  it('SMS: text or an image, no subject needed', () => {
    const sms = { mode: 'SMS' as const, subject: '', text: '', attachments: [] };
    expect(checkDraft(sms).canSend).toBe(false);
    expect(checkDraft({ ...sms, text: '   ' }).canSend).toBe(false);
    expect(checkDraft({ ...sms, text: 'Hello' }).canSend).toBe(true);
    expect(checkDraft({ ...sms, attachments: [image(1000)] }).canSend).toBe(true);
  });

  it('SMS: over 1,600 characters or over the attachment limits cannot be sent', () => {
    const sms = { mode: 'SMS' as const, subject: '', text: 'a'.repeat(1601), attachments: [] };
    expect(checkDraft(sms)).toMatchObject({
      canSend: false,
      textError: 'An SMS can be at most 1,600 characters.',
    });
    expect(
      checkDraft({ ...sms, text: 'Hi', attachments: [image(6 * MB)] }).attachmentsError,
    ).toMatch(/6\.0 MB/);
  });

  it('email: needs a subject and text', () => {
    const email = { mode: 'EMAIL' as const, subject: '', text: 'Hello', attachments: [] };
    expect(checkDraft(email).canSend).toBe(false);
    expect(checkDraft({ ...email, subject: 'Re: Tour' }).canSend).toBe(true);
    expect(checkDraft({ ...email, subject: 'Re: Tour', text: ' ' }).canSend).toBe(false);
    expect(checkDraft({ ...email, subject: 'x'.repeat(301) }).subjectError).toBe(
      'A subject can be at most 300 characters.',
    );
  });

  it('says why a draft cannot be sent yet, the first missing thing first', () => {
    const email = { mode: 'EMAIL' as const, subject: '  ', text: '', attachments: [] };
    expect(checkDraft(email).blockedReason).toBe('Add a subject to send an email');
    expect(checkDraft({ ...email, subject: 'Tour' }).blockedReason).toBe(
      'Write a message to send an email',
    );
    expect(checkDraft({ ...email, subject: 'Tour', text: 'Hi' }).blockedReason).toBeNull();
    const sms = { mode: 'SMS' as const, subject: '', text: '', attachments: [] };
    expect(checkDraft(sms).blockedReason).toBe('Write a message or attach an image to send a text');
    expect(checkDraft({ ...sms, text: 'a'.repeat(1601) }).blockedReason).toBe(
      'An SMS can be at most 1,600 characters.',
    );
    expect(checkDraft({ ...sms, text: 'Hi' }).blockedReason).toBeNull();
  });

  it('no mode: nothing can be sent', () => {
    expect(checkDraft({ mode: null, subject: 'a', text: 'a', attachments: [] }).canSend).toBe(
      false,
    );
  });
});

import type { MessageTemplate } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { filterTemplates } from './filter-templates';

const template = (
  name: string,
  channel: MessageTemplate['channel'],
  body = '',
): MessageTemplate => ({
  _id: crypto.randomUUID(),
  name,
  scope: 'company',
  channel,
  subject: channel === 'SMS' ? null : 'Subject',
  body,
  variants: [],
  attachments: [],
  usageCount: 0,
  ownerUserId: null,
  createdByUserName: null,
  canEdit: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('filterTemplates', () => {
  const all = [
    template('Tour reminder', 'SMS', 'See you {{tour.date}}'),
    template('Welcome', 'BOTH', 'Hi {{lead.firstName}}'),
    template('Application follow-up', 'EMAIL', 'Your application'),
  ];

  it("keeps the mode's channel and both, in order", () => {
    expect(filterTemplates(all, 'SMS', '').map((t) => t.name)).toEqual([
      'Tour reminder',
      'Welcome',
    ]);
    expect(filterTemplates(all, 'EMAIL', '').map((t) => t.name)).toEqual([
      'Welcome',
      'Application follow-up',
    ]);
  });

  it('matches every word of the search in the name or the text', () => {
    expect(filterTemplates(all, 'SMS', 'TOUR').map((t) => t.name)).toEqual(['Tour reminder']);
    expect(filterTemplates(all, 'SMS', 'hi firstname').map((t) => t.name)).toEqual(['Welcome']);
    expect(filterTemplates(all, 'SMS', 'tour welcome')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { conversationEvent } from '../../../testing/fixtures';
import { decisionQuestionOf } from './decision-question';

describe('decisionQuestionOf', () => {
  it('answers the newest decision request, skipping completions and messages', () => {
    const events = [
      conversationEvent({ eventType: 'SMS', body: 'Thanks!' }),
      conversationEvent({
        eventType: 'OFFICE_DECISION',
        body: 'Decision marked as completed',
        data: { status: 'COMPLETED' },
      }),
      conversationEvent({ eventType: 'OFFICE_DECISION', body: 'Waive the late fee?' }),
      conversationEvent({ eventType: 'OFFICE_DECISION', body: 'An older question' }),
    ];
    expect(decisionQuestionOf(events)).toBe('Waive the late fee?');
    expect(decisionQuestionOf(events.slice(0, 2))).toBeNull();
  });
});

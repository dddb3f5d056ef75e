import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-snippet.js';

describe('a search match snippet', () => {
  it('cuts a long text around the first match, any case, on one line', () => {
    const body = `${'a'.repeat(100)} the PARKING\nspot ${'b'.repeat(300)}`;
    const snippet = searchSnippet({ body, subject: null, data: {} }, 'parking');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('the PARKING spot');
    expect(snippet.length).toBeLessThanOrEqual(162);
  });

  it('looks in the subject, the translation and the transcript too', () => {
    expect(searchSnippet({ body: 'Hi', subject: 'Lease draft', data: {} }, 'draft')).toBe(
      'Lease draft',
    );
    expect(
      searchSnippet(
        {
          body: 'Hola',
          subject: null,
          data: { translation: { body: { textInEnglish: 'Hello' } } },
        },
        'hell',
      ),
    ).toBe('Hello');
    expect(
      searchSnippet(
        {
          body: 'Inbound call',
          subject: null,
          data: { transcript: [{ speaker: 'LEAD', text: 'About the pool' }] },
        },
        'pool',
      ),
    ).toBe('About the pool');
  });
});

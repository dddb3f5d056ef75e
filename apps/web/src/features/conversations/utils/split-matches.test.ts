import { describe, expect, it } from 'vitest';
import { splitMatches } from './split-matches';

describe('splitting a text at the searched words', () => {
  it('marks every match, any case, keeping the text as written', () => {
    expect(splitMatches('Parking? Yes, parking is free.', 'PARKING')).toEqual([
      { text: 'Parking', match: true },
      { text: '? Yes, ', match: false },
      { text: 'parking', match: true },
      { text: ' is free.', match: false },
    ]);
  });

  it('takes the words literally and leaves a text without them whole', () => {
    expect(splitMatches('50% off (today)', '% off (')).toEqual([
      { text: '50', match: false },
      { text: '% off (', match: true },
      { text: 'today)', match: false },
    ]);
    expect(splitMatches('Nothing here', 'pool')).toEqual([{ text: 'Nothing here', match: false }]);
    expect(splitMatches('Nothing here', null)).toEqual([{ text: 'Nothing here', match: false }]);
  });
});

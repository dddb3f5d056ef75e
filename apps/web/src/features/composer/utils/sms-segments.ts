/** GSM 03.38 basic character set: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape septet plus one, so two each. */
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const gsm7Basic = new Set(GSM7_BASIC);
const gsm7Extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsCount = {
  /** As Twilio counts them: UTF-16 code units (an emoji is two). */
  characters: number;
  segments: number;
  encoding: SmsEncoding;
};

/** Capacity of a lone message and of each part of a longer one (the rest is the join header). */
const CAPACITY: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/** Size of each character in its encoding's units (septets or UTF-16 code units). */
function unitSizes(text: string): { encoding: SmsEncoding; sizes: number[] } {
  const characters = [...text];
  if (characters.every((character) => gsm7Basic.has(character) || gsm7Extension.has(character))) {
    return {
      encoding: 'GSM-7',
      sizes: characters.map((character) => (gsm7Extension.has(character) ? 2 : 1)),
    };
  }
  return { encoding: 'UCS-2', sizes: characters.map((character) => character.length) };
}

/**
 * How many SMS segments `text` is sent as. One character outside GSM-7 makes the whole message
 * UCS-2. A character is never split between parts: an escape pair or a surrogate pair that does
 * not fit starts the next part, as carriers do.
 */
export function countSmsSegments(text: string): SmsCount {
  const { encoding, sizes } = unitSizes(text);
  const { single, part } = CAPACITY[encoding];
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return { characters: 0, segments: 0, encoding };
  if (total <= single) return { characters: text.length, segments: 1, encoding };

  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { characters: text.length, segments, encoding };
}

/** '123 characters · 1 segment' */
export function formatSmsCount({ characters, segments }: SmsCount): string {
  const characterWord = characters === 1 ? 'character' : 'characters';
  const segmentWord = segments === 1 ? 'segment' : 'segments';
  return `${characters.toLocaleString('en-US')} ${characterWord} · ${segments} ${segmentWord}`;
}

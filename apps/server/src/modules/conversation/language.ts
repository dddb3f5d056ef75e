import { franc } from 'franc-min';

const isEnglish = (language: string | null | undefined) =>
  !language || language.toLowerCase() === 'en' || language.toLowerCase().startsWith('en-');

/**
 * The language to translate a lead's message from, or undefined when it needs no translation.
 * A lead who prefers another language than English has every message translated from it. Otherwise
 * the text is checked offline (franc; texts too short to tell are left alone), and a text detected
 * as not English goes to the translator with `auto`: the translator's own detection, better on
 * short texts, has the last word, and an English answer is not stored.
 */
export const translationSource = (
  body: string | null,
  preferredLanguage: string | null,
): string | undefined => {
  const text = body?.trim();
  if (!text) return undefined;
  if (!isEnglish(preferredLanguage)) return preferredLanguage!.toLowerCase().slice(0, 2);
  const detected = franc(text, { minLength: 12 });
  return detected === 'und' || detected === 'eng' || detected === 'sco' ? undefined : 'auto';
};

import { smsKeywordOf, type SmsKeyword } from './sms-keywords.js';

/**
 * What a lead's text says about their consent to texts:
 * - `opt_out`: a carrier keyword (STOP) or a revocation in their own words ("please stop texting
 *   me", "remove me from your list", "wrong number", "no me envíen más mensajes");
 * - `opt_in`, `help`: the carrier keywords START and HELP (and their synonyms);
 * - `ambiguous`: it may be an opt-out ("not interested right now"): a person decides;
 * - `none`: anything else ("can I stop by tomorrow?").
 */
export type OptOutClass = 'opt_out' | 'opt_in' | 'help' | 'ambiguous' | 'none';

/**
 * Case, accents, apostrophes, punctuation and spacing are how phones and people type, not meaning:
 * "¡No me envíen más mensajes!" reads as "no me envien mas mensajes", "Don’t text me." as
 * "dont text me".
 */
export const normalizeSms = (body: string): string =>
  body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Messages that are nothing but one of these words (besides the carrier keywords). */
const WHOLE_MESSAGE: Record<string, OptOutClass> = {
  'stop stop': 'opt_out',
  'stop stop stop': 'opt_out',
  'stop please': 'opt_out',
  'please stop': 'opt_out',
  'stop it': 'opt_out',
  'stop now': 'opt_out',
  'stop pls': 'opt_out',
  'stop plz': 'opt_out',
  'stop thanks': 'opt_out',
  'stop thank you': 'opt_out',
  'unsubscribe me': 'opt_out',
  // Spanish: ALTO is the keyword Spanish-speaking carriers' subscribers are told to send.
  alto: 'opt_out',
  parar: 'opt_out',
  basta: 'opt_out',
  baja: 'opt_out',
  cancelar: 'opt_out',
  ayuda: 'help',
  'no gracias': 'ambiguous',
  'no thanks': 'ambiguous',
  'no thank you': 'ambiguous',
};

const TEXTS = '(texts?|texting|txts?|txting|messages?|messaging|msgs?|sms|contacting|contact)';

/** Revocations in a sentence: each needs the words that make it about texts or the list. */
const OPT_OUT_PHRASES: RegExp[] = [
  // "stop texting me", "please stop sending me messages", "quit messaging me"
  new RegExp(`\\b(stop|quit|cease|end) (sending (me )?|the |these |all |your )?${TEXTS}\\b`),
  // "don't text me", "do not contact me again", "never message me"
  new RegExp(`\\b(dont|do not|never|please dont|pls dont) ${TEXTS}( me| this number)\\b`),
  // "no more texts", "no more messages please"
  new RegExp(`\\bno more ${TEXTS}\\b`),
  /\bstop sending (me )?(these|this|them|those|stuff|things)\b/,
  // "remove me from your list", "take me off the list", "remove my number"
  /\b(remove|take|delete|drop|erase) (me|my (phone )?number|this number) (off|from)\b/,
  /\b(remove|delete|erase|lose) (me|my (phone )?number|this number)\b/,
  /\bunsubscribe\b/,
  /\bopt ?(me )?out\b/,
  /\bopting out\b/,
  /\bwrong (number|person|phone)\b/,
  /\bleave me alone\b/,
  // Spanish. "deja de enviarme mensajes", "dejen de escribirme", "paren de mandarme textos"
  /\b(deja|dejen|deje|dejar|para|paren|pare|parar) de (enviar|mandar|escribir|textear|contactar)/,
  // "no me envíen más mensajes", "no me escriban", "no me contacten mas"
  /\bno me (envies|envien|envie|enviar|mandes|manden|mande|escribas|escriban|escriba|contactes|contacten|contacte|textees|texteen)\b/,
  // "sáquenme de su lista", "bórrenme de la lista", "quítame de esta lista"
  /\b(sacame|saquenme|saqueme|quitame|quitenme|quiteme|borrame|borrenme|borreme|eliminame|eliminenme|elimineme)\b/,
  // "denme de baja", "quiero darme de baja"
  /\b(dar|darme|dame|denme|deme|doy) de baja\b/,
  /\b(numero equivocado|equivocado de numero|equivocada de numero|equivocaron de numero|equivoco de numero)\b/,
  /\bno (quiero|deseo) (recibir )?(mas )?(mensajes|textos|sms)\b/,
  /\b(desuscribir|desuscribirme|desuscribeme|desuscribanme|cancelar (mi )?suscripcion)\b/,
];

/** Maybe a no to texts, maybe a no to the apartment: a person decides. */
const AMBIGUOUS_PHRASES: RegExp[] = [
  /\b(not|no longer|no more|not really) interested\b/,
  /\bnot looking( anymore| any more)?\b/,
  /\b(already|just) (found|rented|leased|signed|moved)\b/,
  /\bfound (a|another|an|my) (place|apartment|home|unit)\b/,
  /\bstop (calling|emailing)\b/,
  /\btoo many (texts|messages)\b/,
  /\b(dont|do not) (need|want) (it|this|anything|any)\b/,
  /\bno (me )?(interesa|interesan)\b/,
  /\bno estoy interesad[oa]\b/,
  /\bya no (busco|estoy buscando|necesito)\b/,
  /\bya (encontre|rente|alquile)\b/,
];

/** "Stop texting me at night", "don't text me after 9": fewer texts, not none. A person decides. */
const CONDITIONAL =
  /\b(at night|in the morning|(after|before|until|till) \d+\w*|(after|before) (work|noon|midnight)|on weekends|on the weekend|so early|so late|so much|so often|during (the day|work)|por la noche|en la noche|(despues|antes) de las)\b/;

/** "Please don't stop texting me", "I don't want to unsubscribe": the opposite of a revocation. */
const NEGATED_REVOCATION =
  /\b(dont|do not|didnt|did not|never|no) (want to |wanna )?(stop|unsubscribe|opt out|remove)\b/;

export const classifyOptOut = (body: string | null | undefined): OptOutClass => {
  const keyword = smsKeywordOf(body) ?? smsKeywordOf(normalizeSms(body ?? ''));
  if (keyword === 'OPT_OUT') return 'opt_out';
  if (keyword === 'OPT_IN') return 'opt_in';
  if (keyword === 'HELP') return 'help';
  const text = normalizeSms(body ?? '');
  if (text === '') return 'none';
  const whole = WHOLE_MESSAGE[text];
  if (whole) return whole;
  if (!NEGATED_REVOCATION.test(text) && OPT_OUT_PHRASES.some((phrase) => phrase.test(text)))
    return CONDITIONAL.test(text) ? 'ambiguous' : 'opt_out';
  if (AMBIGUOUS_PHRASES.some((phrase) => phrase.test(text))) return 'ambiguous';
  return 'none';
};

/** What the text is, as far as consent goes: a carrier keyword, a revocation in words, a maybe. */
export const readConsent = (body: string) => {
  const kind = classifyOptOut(body);
  const keyword: SmsKeyword | undefined =
    kind === 'opt_out'
      ? 'OPT_OUT'
      : kind === 'opt_in'
        ? 'OPT_IN'
        : kind === 'help'
          ? 'HELP'
          : undefined;
  const isKeyword = Boolean(smsKeywordOf(body) ?? smsKeywordOf(normalizeSms(body)));
  return {
    keyword,
    ambiguous: kind === 'ambiguous',
    source: isKeyword ? ('sms_keyword' as const) : ('sms_phrase' as const),
  };
};

import { describe, expect, it } from 'vitest';
import { classifyOptOut, normalizeSms, type OptOutClass } from './classify-opt-out.js';

/**
 * Real-world replies to a leasing office's texts, in English and Spanish, with what each says
 * about the lead's consent to texts. Revocation "by any reasonable means" counts; a text that
 * merely mentions stopping ("can I stop by?") does not; a maybe goes to a person.
 */
const PHRASES: [string, OptOutClass][] = [
  // Carrier keywords, as people type them.
  ['STOP', 'opt_out'],
  ['Stop', 'opt_out'],
  ['stop.', 'opt_out'],
  ['STOP!!!', 'opt_out'],
  ['Unsubscribe', 'opt_out'],
  ['Cancel', 'opt_out'],
  ['opt-out', 'opt_out'],
  ['START', 'opt_in'],
  ['Unstop', 'opt_in'],
  ['HELP', 'help'],
  ['Info?', 'help'],
  // Revocation in the lead's own words (English).
  ['Please stop texting me', 'opt_out'],
  ['stop please', 'opt_out'],
  ['Stop sending me messages', 'opt_out'],
  ['please stop the texts, thanks', 'opt_out'],
  ['Remove me from your list', 'opt_out'],
  ['Take me off your mailing list please', 'opt_out'],
  ['please remove my number', 'opt_out'],
  ['unsubscribe me from this', 'opt_out'],
  ['Wrong number', 'opt_out'],
  ['You have the wrong number, I am not Maria', 'opt_out'],
  ["Don't text me again", 'opt_out'],
  ['do not contact me', 'opt_out'],
  ['No more texts please', 'opt_out'],
  ['I want to opt out', 'opt_out'],
  ['Leave me alone', 'opt_out'],
  ['who is this? stop texting me', 'opt_out'],
  ['Stop texting me, I told you before', 'opt_out'],
  ["I'm not interested, stop messaging me", 'opt_out'],
  // Spanish.
  ['ALTO', 'opt_out'],
  ['Por favor deja de enviarme mensajes', 'opt_out'],
  ['No me envíen más mensajes', 'opt_out'],
  ['Sáquenme de su lista', 'opt_out'],
  ['Quiero darme de baja', 'opt_out'],
  ['Número equivocado', 'opt_out'],
  ['No quiero recibir más mensajes', 'opt_out'],
  ['dejen de escribirme por favor', 'opt_out'],
  ['Ayuda', 'help'],
  // Maybe: a person decides.
  ['not interested right now', 'ambiguous'],
  ['No thanks', 'ambiguous'],
  ['We already found a place, thanks', 'ambiguous'],
  ['Not looking anymore', 'ambiguous'],
  ['stop calling me', 'ambiguous'],
  ['please stop texting at night', 'ambiguous'],
  ["Don't text me after 9pm", 'ambiguous'],
  ['No me interesa', 'ambiguous'],
  ['Ya encontré departamento, gracias', 'ambiguous'],
  ['no estoy interesada por ahora', 'ambiguous'],
  // Not about consent at all.
  ['Can I stop by tomorrow?', 'none'],
  ['stop by at 3?', 'none'],
  ['I stopped by yesterday and loved the unit', 'none'],
  ['Is the bus stop close to the building?', 'none'],
  ['Please don’t stop texting me, I check my phone more than email', 'none'],
  ['I do not want to unsubscribe', 'none'],
  ['Can you remove the late fee from my account?', 'none'],
  ['Cancel my tour on Friday please', 'none'],
  ['Can you help me with the application?', 'none'],
  ['Yes please send me the address', 'none'],
  ['What time does the office end today?', 'none'],
  ['¿Para cuándo está disponible?', 'none'],
  ['Quiero ver el apartamento el sábado', 'none'],
  ['Gracias, nos vemos mañana', 'none'],
  ['', 'none'],
];

describe('classifying opt-outs', () => {
  it('has a table of at least 40 phrasings with positives and negatives in both languages', () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(40);
    expect(PHRASES.filter(([, kind]) => kind === 'opt_out').length).toBeGreaterThanOrEqual(15);
    expect(PHRASES.filter(([, kind]) => kind === 'none').length).toBeGreaterThanOrEqual(10);
  });

  it.each(PHRASES)('reads %j as %s', (text, expected) => {
    expect(classifyOptOut(text)).toBe(expected);
  });

  it('reads no message at all as nothing', () => {
    expect(classifyOptOut(null)).toBe('none');
    expect(classifyOptOut(undefined)).toBe('none');
  });

  it('ignores case, accents, apostrophes, punctuation and spacing', () => {
    expect(normalizeSms('  ¡No me ENVÍEN   más mensajes!! ')).toBe('no me envien mas mensajes');
    expect(normalizeSms('Don’t text me.')).toBe('dont text me');
  });
});

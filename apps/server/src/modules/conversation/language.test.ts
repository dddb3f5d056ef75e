import { describe, expect, it } from 'vitest';
import { translationSource } from './language.js';

describe('translationSource', () => {
  it('translates every message of a lead who prefers another language, from that language', () => {
    expect(translationSource('Sí', 'es')).toBe('es');
    expect(translationSource('Obrigado pela visita', 'pt-BR')).toBe('pt');
  });

  it('asks the translator to detect a message that reads as another language', () => {
    expect(
      translationSource('Hola, ¿todavía tienen disponible el apartamento de dos recámaras?', null),
    ).toBe('auto');
    expect(
      translationSource('Bonjour, je voudrais visiter l’appartement samedi matin.', 'en'),
    ).toBe('auto');
  });

  it('leaves English, empty and too-short texts alone', () => {
    expect(
      translationSource('Hi, is the two bedroom apartment still available next month?', null),
    ).toBeUndefined();
    expect(translationSource('ok', null)).toBeUndefined();
    expect(translationSource('   ', 'es')).toBeUndefined();
    expect(translationSource(null, 'es')).toBeUndefined();
  });
});

/** The English rendering of a text, and the language the translator took it to be in. */
export type Translation = { textInEnglish: string; detectedLanguage: string | undefined };

export class TranslatorError extends Error {
  override name = 'TranslatorError';
}

/**
 * A client of the LibreTranslate API (`POST /translate`), which several hosted translators also
 * speak. Errors are thrown as TranslatorError with what the translator said.
 */
export const createLibreTranslateClient = (options: {
  url: string;
  apiKey: string | undefined;
  timeoutMs?: number;
}) => ({
  translateToEnglish: async (text: string, source: string): Promise<Translation> => {
    let response: Response;
    try {
      response = await fetch(`${options.url}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source,
          target: 'en',
          format: 'text',
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new TranslatorError(`The translator could not be reached: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      translatedText?: unknown;
      detectedLanguage?: { language?: unknown };
      error?: unknown;
    };
    if (!response.ok || typeof body.translatedText !== 'string') {
      const reason = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
      throw new TranslatorError(`The translator refused: ${reason}`);
    }
    const detected = body.detectedLanguage?.language;
    return {
      textInEnglish: body.translatedText,
      detectedLanguage: typeof detected === 'string' ? detected : undefined,
    };
  },
});

export type TranslatorClient = ReturnType<typeof createLibreTranslateClient>;

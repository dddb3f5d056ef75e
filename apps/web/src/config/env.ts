import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Build-time settings (Vite inlines VITE_* variables); everything optional is off when unset. */
const envSchema = z.object({
  PROD: z.boolean(),
  VITE_SENTRY_DSN: optionalText,
  VITE_ANALYTICS_ID: optionalText,
  VITE_ANALYTICS_HOST: optionalText,
  VITE_PAYMENT_HOST: optionalText.optional(),
});

export type Env = z.infer<typeof envSchema>;

export const env: Env = envSchema.parse(import.meta.env);

import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const NOTE_MAX_LENGTH = 5000;

export const noteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  createdAt: isoDateSchema,
  createdByUserName: z.string(),
  modifiedByUserName: z.string().nullable(),
});
export type Note = z.infer<typeof noteSchema>;

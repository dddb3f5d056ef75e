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

export const noteListSchema = z.array(noteSchema);

export const addNoteRequestSchema = z.object({
  leadID: z.string().min(1),
  companyID: z.string().min(1),
  text: z
    .string()
    .trim()
    .min(1, 'Write a note before saving')
    .max(
      NOTE_MAX_LENGTH,
      `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
    ),
});
export type AddNoteRequest = z.infer<typeof addNoteRequestSchema>;

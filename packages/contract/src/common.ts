import { z } from 'zod';
import { errorCodeList } from './errors.js';

export const idSchema = z.uuid();

/** Every error the API answers with, whatever the status; its `code` is one of `errorCodes`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodeList),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** `STALE_DRAFT` (409): the events stored since the draft's base, oldest first. */
    newEventCount: z.number().int().optional(),
    newEventIds: z.array(z.string()).optional(),
    /** `SLOT_TAKEN` (409): the next free slots of the tour's type, soonest first. */
    nextSlots: z
      .array(z.object({ start: z.string(), end: z.string(), placesLeft: z.number().int() }))
      .optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Keyset-paged list: `nextCursor` is null when nothing is left. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const pageQuerySchema = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const isoDateSchema = z.iso.datetime({ offset: true });

import {
  appendEventRequestSchema,
  integrationAccessLinkRequestSchema,
  languageCodeSchema,
  upsertLeadRequestSchema,
  upsertPropertyRequestSchema,
} from '@leasing/contract';
import { toE164 } from '../../lib/phone-numbers.js';
import { parseTourDate, parseTourTime } from './tour-time.js';

/*
 * The contract's request schemas with the checks that need the server's libraries (phone numbers)
 * or span fields (a tour needs a time). Failing them is a 400 naming the field, like any other
 * validation error. The ids name the schemas in the OpenAPI document.
 */

export const upsertPropertyBodySchema = upsertPropertyRequestSchema.meta({
  id: 'UpsertPropertyRequest',
  example: {
    name: 'Maple Grove Apartments',
    address: '1200 Maple Ave, Austin, TX 78701',
    smsNumber: '+15125550190',
  },
});

export const upsertLeadBodySchema = upsertLeadRequestSchema
  .superRefine((body, ctx) => {
    if (body.phone && !toE164(body.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'not a phone number' });
    }
  })
  .meta({
    id: 'UpsertLeadRequest',
    example: {
      name: 'Jordan Rivera',
      phone: '(512) 555-0177',
      email: 'jordan.rivera@example.com',
      phoneOptStatus: 'OPT_IN',
      preferredLanguage: 'es',
      source: 'Zillow',
    },
  });

export const appendEventBodySchema = appendEventRequestSchema
  .superRefine((body, ctx) => {
    const data = body.data ?? {};
    if (body.eventType === 'SCHEDULED_TOUR_APPOINTMENT' && !data.tourDateUTC) {
      if (!data.tourDateString || !data.tourFromTimeString) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'tourDateUTC'],
          message: 'a scheduled tour needs tourDateUTC, or tourDateString and tourFromTimeString',
        });
      } else {
        if (!parseTourDate(data.tourDateString)) {
          ctx.addIssue({
            code: 'custom',
            path: ['data', 'tourDateString'],
            message: 'not a date like "Mar 5, 2026" or "2026-03-05"',
          });
        }
        if (!parseTourTime(data.tourFromTimeString)) {
          ctx.addIssue({
            code: 'custom',
            path: ['data', 'tourFromTimeString'],
            message: 'not a time like "2:00 PM" or "14:00"',
          });
        }
      }
    }
    if (
      body.eventType === 'LANGUAGE_PREFERENCE_UPDATE' &&
      !languageCodeSchema.safeParse(data.language).success
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'language'],
        message: 'the new language, a code like "es" or "pt-BR"',
      });
    }
  })
  .meta({
    id: 'AppendEventRequest',
    example: {
      externalId: 'call-7781',
      eventType: 'CALL',
      date: '2026-11-20T15:00:00.000Z',
      senderType: 'LEAD',
      senderName: 'Jordan Rivera',
      body: 'Inbound call, 1 min 10 s',
      data: {
        durationSeconds: 70,
        transcript: [
          { speaker: 'LEAD', text: 'Is there a pet deposit for two cats?' },
          { speaker: 'ASSISTANT', text: 'Let me check with the office.' },
        ],
      },
    },
  });

export const accessLinkBodySchema = integrationAccessLinkRequestSchema.meta({
  id: 'AccessLinkRequest',
  example: { userEmail: 'dana@yourcompany.com', ttlSeconds: 1800 },
});

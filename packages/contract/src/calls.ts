import { z } from 'zod';
import { callEventDataSchema, e164PhoneSchema } from './voice.js';

/**
 * Calls staff place: their own phone (set in their profile), click-to-call (Twilio rings that
 * phone, then the lead, with the property's number as caller ID) and the sandbox's simulated
 * calls from a lead.
 */

/** `PATCH /api/me`: one's own phone, the one click-to-call rings (null removes it). */
export const updateMeRequestSchema = z.object({ phone: e164PhoneSchema.nullable() });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** A call placed (`POST /api/leads/:leadId/calls`) or simulated: its CALL event and what it knows. */
export const leadCallSchema = z.object({
  callId: z.string(),
  /** The CALL event on the lead's timeline. */
  eventId: z.string(),
  leadId: z.string(),
  data: callEventDataSchema,
});
export type LeadCall = z.infer<typeof leadCallSchema>;

/** How a simulated call from the lead ends (the sandbox, without Twilio). */
export const simulatedCallOutcomes = ['answered', 'missed', 'voicemail'] as const;
export const simulatedCallOutcomeSchema = z.enum(simulatedCallOutcomes, {
  error: `must be one of ${simulatedCallOutcomes.join(', ')}`,
});
export type SimulatedCallOutcome = z.infer<typeof simulatedCallOutcomeSchema>;

/** `POST /api/leads/:leadId/calls/simulate`: a call from the lead's phone to the property. */
export const simulateCallRequestSchema = z.object({ outcome: simulatedCallOutcomeSchema });
export type SimulateCallRequest = z.infer<typeof simulateCallRequestSchema>;

import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  callDirections,
  callOutcomes,
  ringModes,
  type CompanyCallSettings,
  type VoiceSettings,
} from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { conversationEvents } from './conversation-events.js';
import { leads } from './leads.js';
import { properties } from './properties.js';

/** A property's voice settings; a property without a row has the defaults. Written by `voice`. */
export const voiceSettings = pgTable('voice_settings', {
  propertyId: uuid()
    .primaryKey()
    .references(() => properties.id),
  companyId: uuid()
    .notNull()
    .references(() => companies.id),
  settings: jsonb().$type<VoiceSettings>().notNull(),
  ...timestamps,
});

/** The company's call recording; a company without a row has the defaults. Written by `voice`. */
export const companyCallSettings = pgTable('company_call_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id),
  settings: jsonb().$type<CompanyCallSettings>().notNull(),
  ...timestamps,
});

/** What became of a call's missed-call text: stored (`sent`), or decided against and why. */
export const callTextBackDecisions = ['sent', 'off', 'cannot_text'] as const;

/**
 * One phone call through Twilio, on its lead's timeline as a CALL event (`timelineEventId`, whose
 * `data` shows what this row knows). Twilio's callbacks complete it in any order, each once (see
 * `call-state.ts`). The recording's URL stays here: staff play it through the console. Written by
 * `voice`.
 */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    timelineEventId: uuid()
      .notNull()
      .references(() => conversationEvents.id, { onDelete: 'cascade' }),
    /**
     * Twilio's CallSid of the parent call: the caller's (inbound), or the one that rings the
     * agent's phone (outbound; null until Twilio took the request, and for ever when it refused).
     */
    callSid: text().unique(),
    direction: text({ enum: callDirections }).notNull(),
    /** E.164. An outbound call is from the property's number (the lead's caller ID) to the lead. */
    fromNumber: text().notNull(),
    toNumber: text().notNull(),
    /** Outbound: who placed the call, and their phone that Twilio rang first. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    agentNumber: text(),
    /** Twilio's last reported CallStatus of the call (ringing, in-progress, completed, …). */
    status: text().notNull(),
    /** Null while nothing decided it; only ever moves up the precedence of `call-state.ts`. */
    outcome: text({ enum: callOutcomes }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** When Twilio reported the call over (its final status callback). */
    endedAt: timestamp({ withTimezone: true }),
    /** The forwarding numbers as they were when the call came in: the legs dial these. */
    forwardTo: jsonb().$type<string[]>().notNull().default([]),
    ringMode: text({ enum: ringModes }).notNull(),
    ringTimeoutSeconds: integer().notNull(),
    /**
     * The dial leg ringing now: 0 is the first; a sequential call moves on one number at a time,
     * a simultaneous call has one leg. Past the last leg, the caller is in the voicemail.
     */
    dialLeg: integer().notNull().default(0),
    /** The forwarding number that picked up (its whisper was asked for). */
    answeredBy: text(),
    /** The staff member whose phone that number is (their name then), when it is one of theirs. */
    answeredByName: text(),
    /** Talk time of the answered leg (DialCallDuration). */
    talkSeconds: integer(),
    /** The whole call's length (CallDuration of the final status). */
    callSeconds: integer(),
    recordingSid: text(),
    /**
     * As Twilio gave it (deleting the recording will need it). Never sent to a browser, nor
     * fetched: the console asks for the recording by its id under the configured account.
     */
    recordingUrl: text(),
    recordingSeconds: integer(),
    /**
     * Our copy of the recording in the private recordings storage (`recordings` of the media
     * storage: a folder or the bucket's, which no URL serves); null until the copy job stored it.
     */
    recordingKey: text(),
    transcript: text(),
    /** Decided once, in the transaction that stored the text (`textBackEventId`) if one was sent. */
    textBack: text({ enum: callTextBackDecisions }),
    textBackEventId: uuid(),
    ...timestamps,
  },
  (table) => [index('calls_lead_started_idx').on(table.leadId, table.startedAt)],
);

export type CallRow = typeof calls.$inferSelect;
export type NewCallRow = typeof calls.$inferInsert;
export type VoiceSettingsRow = typeof voiceSettings.$inferSelect;

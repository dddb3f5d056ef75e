import { DEFAULT_COMPANY_TOUR_SETTINGS, type CompanyTourSettings } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { findCompanyTourSettings, saveCompanyTourSettings } from './tour-booking.repository.js';

/** The company's tour settings: its own, or the defaults (reminders 24 and 2 hours, the rest off). */
export const tourSettingsOf = async (db: Db, companyId: string): Promise<CompanyTourSettings> =>
  (await findCompanyTourSettings(db, companyId)) ?? DEFAULT_COMPANY_TOUR_SETTINGS;

/**
 * An admin's change of the company's tour settings, audited (before and after). Reminders take
 * the new times from the next booking or move on; those already scheduled keep theirs.
 */
export const updateTourSettings = (
  deps: { events: EventPort },
  companyId: string,
  settings: CompanyTourSettings,
  actor: Actor,
): Promise<CompanyTourSettings> =>
  deps.events.transaction(async ({ db, record }) => {
    const before = await tourSettingsOf(db, companyId);
    // Soonest last, as they leave: 24, 2.
    const after = { ...settings, reminderHours: [...settings.reminderHours].sort((a, b) => b - a) };
    await saveCompanyTourSettings(db, companyId, after);
    record(domainEvent('tour_settings.changed', { companyId, before, after, actor }));
    return after;
  });

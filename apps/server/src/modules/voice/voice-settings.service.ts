import {
  DEFAULT_COMPANY_CALL_SETTINGS,
  defaultVoiceSettings,
  type CompanyCallSettings,
  type PropertyVoiceSettings,
  type VoiceSettings,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { PropertyRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { badRequest } from '../../lib/errors.js';
import { getCompanyProperty } from '../company/index.js';
import { numberOwner, type SharedNumber } from '../numbers/index.js';
import {
  findCompanyCallSettings,
  findVoiceSettings,
  saveCompanyCallSettings,
  saveVoiceSettings,
} from './voice.repository.js';

/** The property's voice settings: its own, or the defaults (greeting in its name). */
export const voiceSettingsOf = async (
  db: Db,
  property: Pick<PropertyRow, 'id' | 'name'>,
): Promise<VoiceSettings> =>
  // Saved before a setting existed: that setting has its default.
  ({ ...defaultVoiceSettings(property.name), ...(await findVoiceSettings(db, property.id)) });

export const getVoiceSettings = async (
  db: Db,
  companyId: string,
  propertyId: string,
): Promise<PropertyVoiceSettings> => {
  const property = await getCompanyProperty(db, companyId, propertyId);
  return { propertyId, settings: await voiceSettingsOf(db, property) };
};

/**
 * A call forwarded to a number calls come in on would ring back here (another property's, or
 * this one's): refused. Said the same whoever owns it, so no company learns another's numbers.
 */
const assertForwardable = async (db: Db, shared: SharedNumber, numbers: string[]) => {
  for (const [index, number] of numbers.entries()) {
    const ours = number === shared.e164 || (await numberOwner(db, number, shared)) !== undefined;
    if (ours) {
      throw badRequest(
        `body.forwardingNumbers.${index}`,
        'is a number calls come in on: forward to a phone that people answer',
      );
    }
  }
};

/** An admin's change of a property's voice settings, audited (before and after). */
export const updateVoiceSettings = (
  deps: { events: EventPort; shared: SharedNumber },
  companyId: string,
  propertyId: string,
  settings: VoiceSettings,
  actor: Actor,
): Promise<PropertyVoiceSettings> =>
  deps.events.transaction(async ({ db, record }) => {
    const property = await getCompanyProperty(db, companyId, propertyId);
    await assertForwardable(db, deps.shared, settings.forwardingNumbers);
    const before = await voiceSettingsOf(db, property);
    await saveVoiceSettings(db, { propertyId, companyId, settings });
    record(
      domainEvent('voice_settings.changed', {
        companyId,
        propertyId,
        before,
        after: settings,
        actor,
      }),
    );
    return { propertyId, settings };
  });

/** The company's call recording: its own, or the defaults (off; kept 90 days). */
export const callSettingsOf = async (db: Db, companyId: string): Promise<CompanyCallSettings> => ({
  ...DEFAULT_COMPANY_CALL_SETTINGS,
  ...(await findCompanyCallSettings(db, companyId)),
});

/** An admin turns call recording on or off, or changes the retention; audited before and after. */
export const updateCallSettings = (
  deps: { events: EventPort },
  companyId: string,
  settings: CompanyCallSettings,
  actor: Actor,
): Promise<CompanyCallSettings> =>
  deps.events.transaction(async ({ db, record }) => {
    const before = await callSettingsOf(db, companyId);
    await saveCompanyCallSettings(db, companyId, settings);
    record(domainEvent('call_settings.changed', { companyId, before, after: settings, actor }));
    return settings;
  });

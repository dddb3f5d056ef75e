import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  defaultVoiceSettings,
  type ApiError,
  type PropertyVoiceSettings,
  type VoiceSettings,
} from '@leasing/contract';
import { auditLog } from '../../db/schema/index.js';
import { createOffice, createPhoneNumber, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const SETTINGS: VoiceSettings = {
  greeting: 'Thanks for calling Maple Court, one moment.',
  forwardingNumbers: ['+15125550111', '+15125550112'],
  ringMode: 'sequential',
  ringAgentsOnDuty: true,
  ringTimeoutSeconds: 25,
  voicemailGreeting: 'Leave a message for the Maple Court team.',
  transcription: true,
  textBack: true,
  textBackMessage: 'Sorry we missed you! Book a tour: {{tourLink}}',
};

describe.each(oneDatabase())("a property's call settings ($name)", (target) => {
  const t = useTestApp(target, { seed: 'none' });

  const office = async () => {
    const made = await createOffice(t.db, { property: { name: 'Maple Court' } });
    const token = async (role: 'admin' | 'manager' | 'agent') =>
      t.signIn((await createUser(t.db, made.company.id, { role })).credentials);
    return {
      ...made,
      path: apiPaths.propertyVoice(made.property.id),
      admin: await token('admin'),
      manager: await token('manager'),
      agent: await token('agent'),
    };
  };

  it('answers the defaults, then what an admin saved, audited before and after', async () => {
    const made = await office();
    const first = await t.request<PropertyVoiceSettings>('GET', made.path, { as: made.manager });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      propertyId: made.property.id,
      settings: {
        greeting: 'Thanks for calling Maple Court. Please hold while we connect you.',
        forwardingNumbers: [],
        ringMode: 'simultaneous',
        ringAgentsOnDuty: false,
        ringTimeoutSeconds: 20,
        voicemailGreeting:
          'Sorry we missed your call. Please leave a message after the tone and we will call you back.',
        transcription: false,
        textBack: true,
        textBackMessage:
          'Sorry we missed your call — how can we help? You can also book a tour: {{tourLink}}',
      },
    });

    const saved = await t.request<PropertyVoiceSettings>('PUT', made.path, {
      as: made.admin,
      payload: SETTINGS,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ propertyId: made.property.id, settings: SETTINGS });
    const read = await t.request<PropertyVoiceSettings>('GET', made.path, { as: made.admin });
    expect(read.body.settings).toEqual(SETTINGS);

    const [entry, ...more] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'voice_settings.changed'), eq(auditLog.companyId, made.company.id)),
      );
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      targetType: 'property',
      targetId: made.property.id,
      before: defaultVoiceSettings('Maple Court'),
      after: SETTINGS,
    });
  });

  it('lets managers read and only admins change them; agents neither', async () => {
    const made = await office();
    const put = (as: string) =>
      t.request<ApiError>('PUT', made.path, { as, payload: { ...SETTINGS, greeting: 'Hello!' } });
    for (const as of [made.manager, made.agent]) {
      const refused = await put(as);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('User is not permitted');
    }
    expect((await t.request('GET', made.path, { as: made.agent })).status).toBe(403);
    // Nothing changed; the admin's change (the positive control) does.
    const unchanged = await t.request<PropertyVoiceSettings>('GET', made.path, {
      as: made.manager,
    });
    expect(unchanged.body.settings).toEqual(defaultVoiceSettings('Maple Court'));
    expect((await put(made.admin)).status).toBe(200);
  });

  it('refuses bad settings with 400 naming each field, and keeps what was saved', async () => {
    const made = await office();
    await t.request('PUT', made.path, { as: made.admin, payload: SETTINGS });
    const cases: [Partial<Record<keyof VoiceSettings, unknown>>, string][] = [
      [{ forwardingNumbers: ['512-555-0111'] }, 'body.forwardingNumbers.0'],
      [{ forwardingNumbers: ['+15125550111', '+15125550111'] }, 'body.forwardingNumbers'],
      [
        { forwardingNumbers: Array.from({ length: 6 }, () => uniquePhone()) },
        'body.forwardingNumbers',
      ],
      [{ ringMode: 'round-robin' }, 'body.ringMode'],
      [{ ringTimeoutSeconds: 4 }, 'body.ringTimeoutSeconds'],
      [{ ringTimeoutSeconds: 61 }, 'body.ringTimeoutSeconds'],
      [{ greeting: 'x'.repeat(501) }, 'body.greeting'],
      [{ voicemailGreeting: 'x'.repeat(501) }, 'body.voicemailGreeting'],
      [{ textBackMessage: '  ' }, 'body.textBackMessage'],
      [{ textBackMessage: 'Hi {{lead.firstName}}, sorry!' }, 'body.textBackMessage'],
      [{ transcription: 'yes' }, 'body.transcription'],
    ];
    for (const [change, field] of cases) {
      const refused = await t.request<ApiError>('PUT', made.path, {
        as: made.admin,
        payload: { ...SETTINGS, ...change },
      });
      expect([field, refused.status, refused.body.error.code]).toEqual([field, 400, 'VALIDATION']);
      expect(refused.body.error.details?.map((detail) => detail.path)).toContain(field);
    }
    // A number calls come in on would ring back here: refused the same, whoever owns it.
    const ours = (await createPhoneNumber(t.db, made.company.id)).e164;
    const theirs = (await createPhoneNumber(t.db, (await createOffice(t.db)).company.id)).e164;
    for (const number of [ours, theirs]) {
      const refused = await t.request<ApiError>('PUT', made.path, {
        as: made.admin,
        payload: { ...SETTINGS, forwardingNumbers: ['+15125550111', number] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual([
        {
          path: 'body.forwardingNumbers.1',
          message: 'is a number calls come in on: forward to a phone that people answer',
        },
      ]);
    }
    const kept = await t.request<PropertyVoiceSettings>('GET', made.path, { as: made.admin });
    expect(kept.body.settings).toEqual(SETTINGS);
  });

  it("answers another company's property as not permitted and an unknown one as not found", async () => {
    const made = await office();
    const other = await createOffice(t.db);
    const theirs = apiPaths.propertyVoice(other.property.id);
    expect((await t.request('GET', theirs, { as: made.admin })).status).toBe(403);
    expect((await t.request('PUT', theirs, { as: made.admin, payload: SETTINGS })).status).toBe(
      403,
    );
    const unknown = apiPaths.propertyVoice(randomUUID());
    expect((await t.request('GET', unknown, { as: made.admin })).status).toBe(404);
    // The other company's settings are still the defaults.
    const otherAdmin = await t.signIn(other.staff.credentials);
    const intact = await t.request<PropertyVoiceSettings>('GET', theirs, { as: otherAdmin });
    expect(intact.body.settings).toEqual(defaultVoiceSettings(other.property.name));
  });
});

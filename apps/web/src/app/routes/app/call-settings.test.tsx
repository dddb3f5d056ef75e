import { apiPaths, DEFAULT_COMPANY_CALL_SETTINGS, defaultVoiceSettings } from '@leasing/contract';
import type { PropertyVoiceSettings, User, VoiceSettings } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const maple = properties[0]!;
const harbor = properties[1]!;
const manager: User = { ...demoUser, role: 'manager' };

/** Maple Court: the office phone and the leasing manager's cell ring in turn. */
const mapleSettings: VoiceSettings = {
  ...defaultVoiceSettings('Maple Court'),
  forwardingNumbers: ['+15125550100', '+15125550101'],
  ringMode: 'sequential',
  ringTimeoutSeconds: 15,
};

const answerOf = (propertyId: string, settings: VoiceSettings): PropertyVoiceSettings => ({
  propertyId,
  settings,
});

function openPage({
  user = demoUser,
  path = '/main/settings/calls',
  save = (request) => ({ body: answerOf(maple._id, request.body as VoiceSettings) }),
  settings = { body: answerOf(maple._id, mapleSettings) },
}: {
  user?: User;
  path?: string;
  save?: RouteAnswer;
  settings?: RouteAnswer;
} = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: user },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyVoice(maple._id)}`]: settings,
    [`GET ${apiPaths.propertyVoice(harbor._id)}`]: {
      body: answerOf(harbor._id, defaultVoiceSettings('Harbor View')),
    },
    [`PUT ${apiPaths.propertyVoice(maple._id)}`]: save,
    [`GET ${apiPaths.callSettings}`]: { body: DEFAULT_COMPANY_CALL_SETTINGS },
    [`PUT ${apiPaths.callSettings}`]: (request) => ({ body: request.body }),
  });
  return { ...renderApp(path), server };
}

/** The text an element's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const field = (name: string) => screen.getByRole('textbox', { name });

describe('Settings → Calls', () => {
  it("shows the first property's greeting, forwarding, voicemail and text-back", async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Calls', level: 1 })).toBeTruthy();
    await screen.findByRole('form', { name: 'Call settings' });
    expect((screen.getByRole('combobox', { name: 'Property' }) as HTMLSelectElement).value).toBe(
      maple._id,
    );
    expect(field('Greeting')).toHaveProperty(
      'value',
      'Thanks for calling Maple Court. Please hold while we connect you.',
    );
    expect(field('Forwarding number 1')).toHaveProperty('value', '+15125550100');
    expect(field('Forwarding number 2')).toHaveProperty('value', '+15125550101');
    const ring = screen.getByRole('radiogroup', { name: 'Ring' });
    expect(within(ring).getByRole('radio', { name: 'One after another' })).toHaveProperty(
      'checked',
      true,
    );
    expect(field('Ring time (seconds)')).toHaveProperty('value', '15');
    expect(field('Voicemail greeting')).toHaveProperty(
      'value',
      'Sorry we missed your call. Please leave a message after the tone and we will call you back.',
    );
    expect(screen.getByRole('switch', { name: 'Transcribe voicemails' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('switch', { name: 'Text back missed callers' })).toHaveProperty(
      'checked',
      true,
    );
    const words = field('Text-back message');
    expect(descriptionOf(words)).toBe(
      "{{tourLink}} is replaced by the caller's own tour booking link.",
    );

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe('Nothing has changed yet');
  });

  it('opens the property the URL names', async () => {
    openPage({ path: `/main/settings/calls?property=${harbor._id}` });
    expect(
      await screen.findByText('No numbers yet: every call goes to the voicemail.'),
    ).toBeTruthy();
    expect(field('Greeting')).toHaveProperty(
      'value',
      'Thanks for calling Harbor View. Please hold while we connect you.',
    );
    expect(screen.queryByRole('textbox', { name: 'Forwarding number 1' })).toBeNull();
  });

  it('lets an admin change the forwarding and the voicemail and saves exactly that', async () => {
    const { user, server } = openPage();
    await screen.findByRole('form', { name: 'Call settings' });
    await user.click(screen.getByRole('button', { name: 'Remove forwarding number 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a number' }));
    await user.type(field('Forwarding number 2'), '+1 (512) 555-0177');
    await user.click(screen.getByRole('radio', { name: 'All at once' }));
    await user.clear(field('Ring time (seconds)'));
    await user.type(field('Ring time (seconds)'), '25');
    await user.click(screen.getByRole('switch', { name: 'Also ring the agents on duty' }));
    await user.click(screen.getByRole('switch', { name: 'Transcribe voicemails' }));
    await user.clear(field('Text-back message'));
    await user.type(field('Text-back message'), 'Sorry we missed you! Book a tour: {{{{tourLink}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Call settings saved')).toBeTruthy();
    expect(server.requestsTo(apiPaths.propertyVoice(maple._id), 'PUT')[0]?.body).toEqual({
      ...mapleSettings,
      forwardingNumbers: ['+15125550101', '+15125550177'],
      ringMode: 'simultaneous',
      ringAgentsOnDuty: true,
      ringTimeoutSeconds: 25,
      transcription: true,
      textBackMessage: 'Sorry we missed you! Book a tour: {{tourLink}}',
    });
    // Saved: nothing is left to save.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('holds Save while a number is not one Twilio can dial', async () => {
    const { user, server } = openPage();
    await screen.findByRole('form', { name: 'Call settings' });
    await user.clear(field('Forwarding number 2'));
    await user.type(field('Forwarding number 2'), '555-0101');
    expect(descriptionOf(field('Forwarding number 2'))).toBe(
      'Enter the number with its country code, like +15125550100',
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe('Correct the fields marked in red first');
    expect(server.requestsTo(apiPaths.propertyVoice(maple._id), 'PUT')).toHaveLength(0);
  });

  it("shows a 400's message beside the number it names", async () => {
    const problem = 'is a number calls come in on: forward to a phone that people answer';
    const { user } = openPage({
      save: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: `Forwarding numbers 2: ${problem}`,
            details: [{ path: 'body.forwardingNumbers.1', message: problem }],
          },
        },
      },
    });
    await screen.findByRole('form', { name: 'Call settings' });
    await user.clear(field('Forwarding number 2'));
    await user.type(field('Forwarding number 2'), '+15125550199');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const number = field('Forwarding number 2');
    expect(await screen.findByText(problem)).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(number)).toBe(problem);
    expect(field('Forwarding number 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Not saved: correct the fields marked in red.',
    );
    // What was typed stays, to correct and save again.
    expect(number).toHaveProperty('value', '+15125550199');
  });

  it('shows a manager the settings with every control disabled, and why', async () => {
    openPage({ user: manager });
    const form = await screen.findByRole('form', { name: 'Call settings' });
    const reason = 'Only an admin can change call settings.';
    expect(within(form).getByRole('note').textContent).toBe(reason);
    expect(descriptionOf(form)).toBe(reason);

    const controls = [
      field('Greeting'),
      field('Forwarding number 1'),
      field('Ring time (seconds)'),
      field('Voicemail greeting'),
      field('Text-back message'),
      screen.getByRole('switch', { name: 'Transcribe voicemails' }),
      screen.getByRole('switch', { name: 'Also ring the agents on duty' }),
      screen.getByRole('switch', { name: 'Text back missed callers' }),
      screen.getByRole('radio', { name: 'All at once' }),
      screen.getByRole('button', { name: 'Remove forwarding number 1' }),
      screen.getByRole('button', { name: 'Add a number' }),
    ];
    for (const control of controls) expect(control).toHaveProperty('disabled', true);
    expect(field('Greeting').getAttribute('title')).toBe(reason);

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe(reason);
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    const { user, server } = openPage({
      settings: apiError(404, 'NOT_FOUND', 'Property not found'),
    });
    expect(await screen.findByText('Could not load the call settings')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(server.requestsTo(apiPaths.propertyVoice(maple._id)).length).toBeGreaterThan(1);
  });

  it('is closed to an agent, whose account menu does not offer it', async () => {
    const { user } = openPage({ user: agentUser });
    expect(await screen.findByText(/Only managers and admins of your company/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).queryByText('Calls')).toBeNull();
    expect(within(menu).getByText('Templates')).toBeTruthy();
  });

  it('lets an admin record calls placed from the console and keep recordings 30 days', async () => {
    const { user, server } = openPage();
    const form = await screen.findByRole('form', { name: 'Call recording' });
    const record = within(form).getByRole('switch', {
      name: 'Record calls placed from the console',
    });
    expect(record).toHaveProperty('checked', false);
    const save = within(form).getByRole('button', { name: 'Save recording settings' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe('Nothing has changed yet');

    await user.click(record);
    const days = within(form).getByRole('textbox', { name: 'Keep recordings for (days)' });
    await user.clear(days);
    expect(descriptionOf(save)).toBe('Correct the fields marked in red first');
    await user.type(days, '30');
    await user.click(save);

    expect(await screen.findByText('Recording settings saved')).toBeTruthy();
    expect(server.requestsTo(apiPaths.callSettings, 'PUT').map((request) => request.body)).toEqual([
      { recordOutboundCalls: true, recordingRetentionDays: 30 },
    ]);
  });

  it("shows a manager the company's recording read-only, saying why", async () => {
    openPage({ user: manager });
    const form = await screen.findByRole('form', { name: 'Call recording' });
    const reason = 'Only an admin can change call recording.';
    for (const control of [
      within(form).getByRole('switch', { name: 'Record calls placed from the console' }),
      within(form).getByRole('textbox', { name: 'Keep recordings for (days)' }),
      within(form).getByRole('button', { name: 'Save recording settings' }),
    ])
      expect(control).toHaveProperty('disabled', true);
    expect(
      descriptionOf(within(form).getByRole('button', { name: 'Save recording settings' })),
    ).toBe(reason);
  });
});

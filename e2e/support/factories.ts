import { randomBytes, randomInt } from 'node:crypto';
import {
  apiKeyScopes,
  apiPaths,
  apiRoutes,
  pathOf,
  type AppendEventRequest,
  type CreateTemplateRequest,
  type IntegrationLead,
  type IntegrationProperty,
  type InvitationLink,
  type StaffRole,
  type TeamMember,
  type UpsertLeadRequest,
} from '@leasing/contract';
import { DEMO } from './browser.js';

/**
 * E2E factories: what a test needs, made through the product's public HTTP API (the staff API as
 * an admin, the integration API with a key that admin creates), with names no other test uses.
 * Each test builds its own leads, properties and colleagues, so tests and files never see each
 * other's data and may share one server.
 */

export type Credentials = { email: string; password: string };

/** A short id that makes a name unique to one test. */
export const uniqueId = () => randomBytes(3).toString('hex');

/** A US mobile number in Austin's 512 area (Central time) that no other test has. */
export const uniquePhone = () => `+1512${randomInt(2_000_000, 10_000_000)}`;

/** The staff API as `credentials` (signed in through `POST /api/auth/login`). */
export type StaffApi = {
  token: string;
  request: <T>(method: string, path: string, body?: unknown) => Promise<T>;
};

export const signInToApi = async (
  baseUrl: string,
  credentials: Credentials = DEMO,
): Promise<StaffApi> => {
  const login = await fetch(`${baseUrl}${apiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`${credentials.email} cannot sign in: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return {
    token,
    request: async <T>(method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) {
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      }
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
  };
};

export type Property = IntegrationProperty;

/** A lead as the integration API answers it, with its property and its pane's path. */
export type Lead = IntegrationLead & {
  property: Property;
  /** The lead's pane: `/properties/:propertyId/leads/:pmsLeadId/escalation`. */
  path: string;
  /** The first word of the name, as templates and prompts greet the lead. */
  firstName: string;
};

export type StaffMember = Credentials & {
  _id: string;
  name: string;
  firstName: string;
  role: StaffRole;
};

export type LeadInput = Partial<Omit<UpsertLeadRequest, 'name'>> & {
  /** The lead's name; made unique with a suffix. "Ava Thompson" becomes "Ava Thompson 3f2a1c". */
  name?: string;
  /** The lead's property; a new one of its own unless given. */
  property?: Property;
  /**
   * The text the lead first wrote, on the timeline an hour ago (a pane without events shows no
   * timeline); null for none.
   */
  firstText?: string | null;
};

export type EventInput = Omit<AppendEventRequest, 'externalId' | 'date'> & {
  /** How long ago it happened; now unless told. */
  hoursAgo?: number;
  externalId?: string;
};

const HOUR = 3_600_000;

/**
 * Factories acting as `admin` (the demo company's admin unless told) on the server at `baseUrl`.
 * Signs in and creates its integration key on first use.
 */
export const factoriesFor = (baseUrl: string, admin: Credentials = DEMO) => {
  let staffApi: Promise<StaffApi> | undefined;
  let integrationKey: Promise<string> | undefined;

  const api = () => (staffApi ??= signInToApi(baseUrl, admin));
  const key = () =>
    (integrationKey ??= api()
      .then((staff) =>
        staff.request<{ key: string }>('POST', apiPaths.apiKeys, {
          name: `e2e ${uniqueId()}`,
          scopes: [...apiKeyScopes],
        }),
      )
      .then((created) => created.key));

  /** A call of the integration API (`/api/integrations/v1`) with the admin's key. */
  const integration = async <T>(
    method: string,
    path: string,
    body: unknown,
  ): Promise<T & { httpStatus: number }> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await key()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return { ...((await response.json()) as T), httpStatus: response.status };
  };

  const property = async (input: { name?: string; smsNumber?: string } = {}) => {
    const id = uniqueId();
    return integration<Property>(
      'PUT',
      pathOf(apiRoutes.integrationProperty, { pmsPropertyId: `e2e-property-${id}` }),
      {
        name: `${input.name ?? 'Property'} ${id}`,
        ...(input.smsNumber && { smsNumber: input.smsNumber }),
      },
    );
  };

  const lead = async (input: LeadInput = {}): Promise<Lead> => {
    const id = uniqueId();
    const {
      property: given,
      name: baseName = 'Lead Person',
      firstText = 'Hi! Is the apartment still available?',
      ...fields
    } = input;
    const home = given ?? (await property());
    const name = `${baseName} ${id}`;
    const firstName = baseName.split(' ')[0]!;
    const created = await integration<IntegrationLead>(
      'PUT',
      pathOf(apiRoutes.integrationLead, {
        pmsPropertyId: home.pmsPropertyId,
        pmsLeadId: `e2e-lead-${id}`,
      }),
      {
        name,
        phone: uniquePhone(),
        email: `${firstName.toLowerCase()}.${id}@example.com`,
        ...fields,
      } satisfies UpsertLeadRequest,
    );
    const made: Lead = {
      ...created,
      property: home,
      firstName,
      path: `/properties/${home._id}/leads/${encodeURIComponent(created.pmsLeadId)}/escalation`,
    };
    if (firstText !== null) await textFromLead(made, firstText, 1);
    return made;
  };

  /** Appends an event to the lead's timeline, as the leasing assistant or the PMS does. */
  const event = async (target: Lead, input: EventInput) => {
    const { hoursAgo = 0, externalId = `e2e-event-${uniqueId()}`, ...fields } = input;
    return integration<{ _id: string }>(
      'POST',
      pathOf(apiRoutes.integrationLeadEvents, {
        pmsPropertyId: target.property.pmsPropertyId,
        pmsLeadId: target.pmsLeadId,
      }),
      {
        ...fields,
        externalId,
        date: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
      } satisfies AppendEventRequest,
    );
  };

  /** A text from the lead: the lead's own SMS, as the assistant reports it. */
  const textFromLead = (target: Lead, body: string, hoursAgo = 0): Promise<{ _id: string }> =>
    event(target, {
      eventType: 'SMS',
      senderType: 'LEAD',
      senderName: target.name,
      body,
      hoursAgo,
    });

  /** An office decision the assistant opens on the lead (the lead's decision is then pending). */
  const officeDecision = (target: Lead, body: string, hoursAgo = 0) =>
    event(target, {
      eventType: 'OFFICE_DECISION',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      body,
      hoursAgo,
    });

  /**
   * A colleague of the admin's company: invited through Settings → Team's API, the invitation
   * accepted with a password, as the person would.
   */
  const staff = async (input: { role: StaffRole; name?: string }): Promise<StaffMember> => {
    const id = uniqueId();
    const baseName = input.name ?? 'Sam Staff';
    const name = `${baseName} ${id}`;
    const email = `${baseName.split(' ')[0]!.toLowerCase()}.${id}@leasing.test`;
    const password = `e2e-password-${id}`;
    const admin = await api();
    const invited = await admin.request<TeamMember>('POST', apiPaths.teamInvitations, {
      name,
      email,
      role: input.role,
    });
    const { link } = await admin.request<InvitationLink>(
      'POST',
      apiPaths.teamInvitationLink(invited._id),
    );
    const token = new URL(link).searchParams.get('token');
    if (!token) throw new Error(`no token in the invitation link ${link}`);
    const accept = await fetch(`${baseUrl}${apiPaths.invitationAccept(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    if (!accept.ok) throw new Error(`accepting the invitation: ${accept.status}`);
    const me = await (
      await signInToApi(baseUrl, { email, password })
    ).request<{ _id: string }>('GET', apiPaths.me);
    return {
      _id: me._id,
      name,
      firstName: baseName.split(' ')[0]!,
      email,
      password,
      role: input.role,
    };
  };

  /** A text "from" the lead through the SMS sandbox (servers without Twilio). */
  const sandboxTextFromLead = async (target: Lead, text: string) =>
    (await api()).request<{ _id: string }>('POST', apiPaths.sandboxInboundSms, {
      leadID: target._id,
      text,
    });

  /** A text staff send the lead from the composer's API (multipart, with any photos). */
  const staffText = async (
    target: Lead,
    text: string,
    photos: { name: string; type: string; bytes: Buffer }[] = [],
  ) => {
    const form = new FormData();
    form.set('text', text);
    for (const photo of photos) {
      form.append(
        'attachments',
        new Blob([new Uint8Array(photo.bytes)], { type: photo.type }),
        photo.name,
      );
    }
    const response = await fetch(`${baseUrl}${apiPaths.leadSms(target._id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await api()).token}` },
      body: form,
    });
    if (!response.ok)
      throw new Error(`sending a text: ${response.status} ${await response.text()}`);
    return (await response.json()) as { _id: string; attachmentsUrls: { thumbnailUrl: string }[] };
  };

  /** An email from the admin to the lead through the staff API, with files attached. */
  const staffEmail = async (
    target: Lead,
    { subject, text }: { subject: string; text: string },
    files: { name: string; type: string; bytes: Buffer }[] = [],
  ) => {
    const staffApi = await api();
    const me = await staffApi.request<{ _id: string; companyID: string }>('GET', apiPaths.me);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      subject,
      text,
      leadID: target._id,
      companyID: me.companyID,
      sentByUserID: me._id,
    })) {
      form.set(name, value);
    }
    for (const file of files) {
      form.append(
        'attachments',
        new Blob([new Uint8Array(file.bytes)], { type: file.type }),
        file.name,
      );
    }
    const response = await fetch(`${baseUrl}${apiPaths.leadEmail(target._id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffApi.token}` },
      body: form,
    });
    if (!response.ok)
      throw new Error(`sending an email: ${response.status} ${await response.text()}`);
    return (await response.json()) as { _id: string };
  };

  /** Registers an SMS number to the company (Settings → Numbers). */
  const number = async (e164: string) =>
    (await api()).request<{ _id: string }>('POST', apiPaths.numbers, { number: e164 });

  /**
   * A property texting from a number of its own, registered to the company (Settings → Numbers).
   * `own` first tells the SMS provider's account that it owns the number (see `ownedBy`).
   */
  const propertyWithNumber = async (
    input: { name?: string; own?: (e164: string) => void } = {},
  ) => {
    const e164 = uniquePhone();
    input.own?.(e164);
    await number(e164);
    return property({ name: input.name, smsNumber: e164 });
  };

  const template = async (input: CreateTemplateRequest) =>
    (await api()).request<{ _id: string; name: string }>('POST', apiPaths.templates, input);

  return {
    api,
    property,
    lead,
    event,
    textFromLead,
    officeDecision,
    staff,
    sandboxTextFromLead,
    staffText,
    staffEmail,
    number,
    propertyWithNumber,
    template,
  };
};

export type Factories = ReturnType<typeof factoriesFor>;

/**
 * What a fake Twilio account owns, number by number (its IncomingPhoneNumbers list, which a
 * number must be in before the company may register it).
 */
export const ownedBy = (account: { setOwnedNumbers: (numbers: string[]) => void }) => {
  const numbers: string[] = [];
  return (e164: string) => {
    numbers.push(e164);
    account.setOwnedNumbers([...numbers]);
  };
};

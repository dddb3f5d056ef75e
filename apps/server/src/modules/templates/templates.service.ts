import { randomUUID } from 'node:crypto';
import type {
  CreateTemplateRequest,
  MessageTemplate,
  RenderedTemplate,
  RenderTemplateRequest,
  TemplateAttachment,
  TemplateField,
  TemplateFitList,
  TemplateFitQuery,
  TemplateVariant,
} from '@leasing/contract';
import {
  createTemplateRequestSchema,
  TEMPLATE_FIELD_MISSING_CODE,
  templateAttachmentsFor,
  updateTemplateRequestSchema,
  type UpdateTemplateRequest,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow, MessageTemplateRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { MANAGERS_AND_ADMINS, roleAllows, userActor, type Principal } from '../../lib/principal.js';
import { getCompanyLead } from '../lead/index.js';
import {
  checkEmailFiles,
  checkImages,
  checkTextImageLimits,
  storeEmailFiles,
  type CheckedEmailFiles,
  type UploadedFile,
} from '../messaging/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { templatePaymentLink, type PaymentsDeps } from '../payments/index.js';
import {
  fieldsOf,
  fieldsUsedIn,
  missingFieldsIn,
  previewText,
  renderText,
  type FieldValue,
  type FieldValues,
} from './merge-fields.js';
import { bookingLinkOf } from '../tours/index.js';
import {
  deleteTemplateRow,
  findPropertyAndCompany,
  findVisibleTemplate,
  insertTemplate,
  listVisibleTemplates,
  updateTemplateAttachments,
  updateTemplateRow,
} from './templates.repository.js';

export type TemplatesDeps = {
  db: Db;
  events: EventPort;
  /** Where a template's files are kept: the composer's uploads' storage. */
  storage: MediaStorage;
  /** Undefined where payment links are not available: `{{paymentLink}}` then has no value. */
  payments: PaymentsDeps | undefined;
  /** The console's address: `{{tourLink}}` is the lead's booking page there. */
  publicUrl: string;
};

type Fields = {
  name: string;
  channel: MessageTemplateRow['channel'];
  subject: string | null;
  body: string;
  variants: TemplateVariant[];
};

const scopeOf = (row: Pick<MessageTemplateRow, 'ownerUserId'>) =>
  row.ownerUserId === null ? ('company' as const) : ('personal' as const);

/** Company templates are kept by managers and admins; a personal one by its owner alone. */
const mayEdit = (principal: Principal, row: Pick<MessageTemplateRow, 'ownerUserId'>) =>
  row.ownerUserId === null
    ? roleAllows(principal, MANAGERS_AND_ADMINS)
    : row.ownerUserId === principal.id;

const toTemplate = (row: MessageTemplateRow, principal: Principal): MessageTemplate => ({
  _id: row.id,
  name: row.name,
  scope: scopeOf(row),
  channel: row.channel,
  subject: row.subject,
  body: row.body,
  variants: row.variants,
  attachments: row.attachments,
  usageCount: row.usageCount,
  ownerUserId: row.ownerUserId,
  createdByUserName: row.createdByUserName,
  canEdit: mayEdit(principal, row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const usesEmail = (channel: Fields['channel']) => channel !== 'SMS';

/**
 * Checks every text of a template (merge fields we know, no sections) and that an email template
 * has a subject; answers the fields as stored (an SMS-only template keeps no subject).
 */
const checkedFields = (input: Fields): Fields => {
  const email = usesEmail(input.channel);
  if (email && !input.subject)
    throw badRequest('body.subject', 'an email template needs a subject');
  const texts: [string, string | null][] = [
    ['body.subject', email ? input.subject : null],
    ['body.body', input.body],
    ...input.variants.flatMap((variant, index): [string, string | null][] => [
      [`body.variants.${index}.subject`, email ? variant.subject : null],
      [`body.variants.${index}.body`, variant.body],
    ]),
  ];
  for (const [path, text] of texts) {
    if (text === null) continue;
    const parsed = fieldsOf(text);
    if ('problem' in parsed) throw badRequest(path, parsed.problem);
  }
  const languages = input.variants.map((variant) => variant.language);
  const repeated = languages.findIndex((language, index) => languages.indexOf(language) !== index);
  if (repeated >= 0) {
    throw badRequest(`body.variants.${repeated}.language`, 'one variant per language');
  }
  return {
    ...input,
    subject: email ? input.subject : null,
    variants: input.variants.map((variant) => ({
      ...variant,
      subject: email ? variant.subject : null,
    })),
  };
};

export const listTemplates = async (db: Db, principal: Principal): Promise<MessageTemplate[]> =>
  (await listVisibleTemplates(db, principal.companyId, principal.id)).map((row) =>
    toTemplate(row, principal),
  );

export const createTemplate = async (
  deps: TemplatesDeps,
  principal: Principal,
  request: CreateTemplateRequest,
): Promise<MessageTemplate> => {
  const input = createTemplateRequestSchema.parse(request);
  if (input.scope === 'company' && !roleAllows(principal, MANAGERS_AND_ADMINS)) throw forbidden();
  const fields = checkedFields(input);
  const row = await deps.events.transaction(async ({ db, record }) => {
    const created = await insertTemplate(db, {
      ...fields,
      companyId: principal.companyId,
      ownerUserId: input.scope === 'personal' ? principal.id : null,
      createdByUserId: principal.id,
      createdByUserName: principal.name,
    });
    record(
      domainEvent('template.created', {
        companyId: principal.companyId,
        templateId: created.id,
        name: created.name,
        scope: input.scope,
        actor: userActor(principal),
      }),
    );
    return created;
  });
  return toTemplate(row, principal);
};

/** The template, if the caller may see it (another company's or person's answers 404) and edit it. */
const findEditable = async (db: Db, principal: Principal, templateId: string) => {
  const row = await findVisibleTemplate(db, principal.companyId, principal.id, templateId);
  if (!row) throw notFound('Template');
  if (!mayEdit(principal, row)) throw forbidden();
  return row;
};

const editable = ['name', 'channel', 'subject', 'body', 'variants'] as const;

export const updateTemplate = async (
  deps: TemplatesDeps,
  principal: Principal,
  templateId: string,
  request: UpdateTemplateRequest,
): Promise<MessageTemplate> => {
  const fields = checkedFields(updateTemplateRequestSchema.parse(request));
  const before = await findEditable(deps.db, principal, templateId);
  // Its files must still go on the new channel (a PDF cannot stay on a text-only template).
  if (fields.channel !== before.channel && before.attachments.length > 0) {
    await checkTemplateFiles(fields.channel, await storedFiles(deps.storage, before.attachments));
  }
  const row = await deps.events.transaction(async ({ db, record }) => {
    const current = await findEditable(db, principal, templateId);
    const changes = editable.filter(
      (field) => JSON.stringify(fields[field]) !== JSON.stringify(current[field]),
    );
    if (changes.length === 0) return current;
    const updated = await updateTemplateRow(db, templateId, fields);
    record(
      domainEvent('template.updated', {
        companyId: principal.companyId,
        templateId,
        name: updated.name,
        scope: scopeOf(updated),
        changes: [...changes],
        actor: userActor(principal),
      }),
    );
    return updated;
  });
  return toTemplate(row, principal);
};

export const deleteTemplate = async (
  deps: TemplatesDeps,
  principal: Principal,
  templateId: string,
): Promise<void> => {
  await deps.events.transaction(async ({ db, record }) => {
    const current = await findEditable(db, principal, templateId);
    await deleteTemplateRow(db, templateId);
    record(
      domainEvent('template.deleted', {
        companyId: principal.companyId,
        templateId,
        name: current.name,
        scope: scopeOf(current),
        actor: userActor(principal),
      }),
    );
  });
};

// --- files ------------------------------------------------------------------------------------

const mediaKeyOf = (url: string) => url.replace(/^\/media\//, '');

/** A template's stored files with their bytes, to judge them again beside new ones. */
const storedFiles = (storage: MediaStorage, attachments: TemplateAttachment[]) =>
  Promise.all(
    attachments.map(async (attachment): Promise<UploadedFile> => {
      const bytes = await storage.get(mediaKeyOf(attachment.url));
      if (!bytes) throw new Error(`template file ${attachment.url} is missing from media storage`);
      return { fileName: attachment.fileName, bytes };
    }),
  );

/**
 * A template's files judged by their bytes with the composer's rules for its channel: a text's
 * images for SMS, an email's files for email, and for both an email's files whose images also fit
 * one MMS. Every refused file is named in one 400 (`body.attachments`).
 */
const checkTemplateFiles = async (
  channel: Fields['channel'],
  files: UploadedFile[],
): Promise<CheckedEmailFiles> => {
  if (channel === 'SMS') return { images: await checkImages(files), documents: [] };
  const checked = await checkEmailFiles(files);
  if (channel === 'BOTH') checkTextImageLimits(checked.images);
  return checked;
};

const attachmentsChanged = (
  record: RecordingScope['record'],
  principal: Principal,
  row: MessageTemplateRow,
) =>
  record(
    domainEvent('template.updated', {
      companyId: principal.companyId,
      templateId: row.id,
      name: row.name,
      scope: scopeOf(row),
      changes: ['attachments'],
      actor: userActor(principal),
    }),
  );

/**
 * Adds files to a template the caller may edit. The request's files are read (`readFiles`) only
 * after that is known; they are judged together with the files it has, and nothing is stored
 * unless every one may go.
 */
export const addTemplateAttachments = async (
  deps: TemplatesDeps,
  principal: Principal,
  templateId: string,
  readFiles: () => Promise<UploadedFile[]>,
): Promise<MessageTemplate> => {
  const current = await findEditable(deps.db, principal, templateId);
  const files = await readFiles();
  if (files.length === 0) throw badRequest('body.attachments', 'choose at least one file');
  const checked = await checkTemplateFiles(current.channel, [
    ...(await storedFiles(deps.storage, current.attachments)),
    ...files,
  ]);
  const isNew = (file: UploadedFile) => files.some((added) => added.bytes === file.bytes);
  const stored = await storeEmailFiles(deps.storage, {
    images: checked.images.filter(isNew),
    documents: checked.documents.filter(isNew),
  });
  const added: TemplateAttachment[] = [...stored.attachments, ...stored.otherAttachments].map(
    (file) => ({
      id: randomUUID(),
      url: file.url,
      fileName: file.fileName,
      contentType: file.contentType ?? 'application/octet-stream',
      size: file.size ?? 0,
    }),
  );
  const row = await deps.events.transaction(async ({ db, record }) => {
    const latest = await findEditable(db, principal, templateId);
    const updated = await updateTemplateAttachments(db, templateId, [
      ...latest.attachments,
      ...added,
    ]);
    attachmentsChanged(record, principal, updated);
    return updated;
  });
  return toTemplate(row, principal);
};

/** Takes a file off a template; the stored file stays (messages sent with it have a copy). */
export const removeTemplateAttachment = async (
  deps: TemplatesDeps,
  principal: Principal,
  templateId: string,
  attachmentId: string,
): Promise<MessageTemplate> => {
  const row = await deps.events.transaction(async ({ db, record }) => {
    const current = await findEditable(db, principal, templateId);
    const kept = current.attachments.filter((attachment) => attachment.id !== attachmentId);
    if (kept.length === current.attachments.length) throw notFound('Attachment');
    const updated = await updateTemplateAttachments(db, templateId, kept);
    attachmentsChanged(record, principal, updated);
    return updated;
  });
  return toTemplate(row, principal);
};

// --- rendering --------------------------------------------------------------------------------

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The variant in the lead's preferred language (its first two letters), else the default. */
export const variantFor = (
  template: Pick<MessageTemplateRow, 'subject' | 'body' | 'variants'>,
  preferredLanguage: string | null,
): { language: string | null; subject: string | null; body: string } => {
  const language = preferredLanguage?.trim().toLowerCase().slice(0, 2);
  const variant = language
    ? template.variants.find((candidate) => candidate.language === language)
    : undefined;
  if (!variant) return { language: null, subject: template.subject, body: template.body };
  return {
    language: variant.language,
    subject: variant.subject ?? template.subject,
    body: variant.body,
  };
};

/** en-US, 12-hour (the product's default); ICU's narrow spaces would make a text Unicode. */
const formatIn = (date: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(date).replace(/\s/g, ' ');

const has = (value: string | null | undefined, missing: string): FieldValue =>
  value && value.trim() ? { value } : { missing };

/**
 * The lead's newest active payment link; made now (for what the lead owes) when there is none,
 * since the template's message is what will carry it. None answers why not.
 */
const paymentLinkOf = async (
  deps: TemplatesDeps,
  principal: Principal,
  lead: LeadRow,
  channel: 'SMS' | 'EMAIL',
  create: boolean,
): Promise<FieldValue> => {
  if (!deps.payments) return { missing: 'payment links are off on this server' };
  const link = await templatePaymentLink(deps.payments, principal, lead.id, channel, { create });
  if ('missing' in link) return link;
  // Not made because another field is empty: the render is refused for that field alone.
  return { value: link.url ?? '' };
};

/** The value of each field a template uses, for this lead and sender. */
const valuesFor = async (
  deps: TemplatesDeps,
  principal: Principal,
  lead: LeadRow,
  used: Set<TemplateField>,
  channel: 'SMS' | 'EMAIL',
  { createLink = true }: { createLink?: boolean } = {},
): Promise<Partial<FieldValues>> => {
  const place = await findPropertyAndCompany(deps.db, lead.propertyId);
  const timeZone = place?.propertyTimeZone ?? place?.companyTimeZone ?? 'America/New_York';
  const tour = lead.tourDateUtc;
  const noTour = 'no tour is scheduled';
  const values: Partial<FieldValues> = {
    'lead.firstName': has(firstNameOf(lead.name), 'the lead has no name'),
    'lead.name': has(lead.name, 'the lead has no name'),
    'property.name': has(place?.propertyName, 'the lead has no property'),
    'property.address': has(place?.propertyAddress, 'the property has no address'),
    'tour.date': tour
      ? { value: formatIn(tour, timeZone, { weekday: 'long', month: 'long', day: 'numeric' }) }
      : { missing: noTour },
    'tour.time': tour
      ? { value: formatIn(tour, timeZone, { hour: 'numeric', minute: '2-digit' }) }
      : { missing: noTour },
    'agent.firstName': has(firstNameOf(principal.name), 'your account has no name'),
    'agent.name': has(principal.name, 'your account has no name'),
    'company.name': has(place?.companyName ?? principal.companyName, 'the company has no name'),
  };
  // Signed for this lead: it opens the booking page filled in, without a code.
  if (used.has('tourLink'))
    values.tourLink = { value: await bookingLinkOf(deps.db, deps.publicUrl, lead) };
  // Only a template that uses it looks the link up.
  if (used.has('paymentLink')) {
    // A link is made only for a message that can be filled: not when another field is empty.
    const othersFilled = [...used].every((field) => {
      const value = values[field];
      return field === 'paymentLink' || (value !== undefined && 'value' in value);
    });
    values.paymentLink = await paymentLinkOf(
      deps,
      principal,
      lead,
      channel,
      othersFilled && createLink,
    );
  }
  return values;
};

const missingField = (
  lead: LeadRow,
  missing: { field: TemplateField; reason: string }[],
): HttpError => {
  const sentences = missing.map(
    ({ field, reason }) => `{{${field}}} has no value for ${firstNameOf(lead.name)}: ${reason}.`,
  );
  return new HttpError(
    TEMPLATE_FIELD_MISSING_CODE,
    sentences.join(' '),
    {},
    missing.map(({ field }, index) => ({ path: `template.${field}`, message: sentences[index]! })),
  );
};

/**
 * What a template sends to this lead on `channel`: the variant in the lead's language, its subject
 * (email only), and every text to fill, the subject first.
 */
const textsToFill = (
  template: Pick<MessageTemplateRow, 'subject' | 'body' | 'variants'>,
  lead: Pick<LeadRow, 'preferredLanguage'>,
  channel: 'SMS' | 'EMAIL',
) => {
  const variant = variantFor(template, lead.preferredLanguage);
  const subject = channel === 'EMAIL' ? variant.subject : null;
  return { variant, subject, all: [...(subject ? [subject] : []), variant.body] };
};

/** What a payment link not made yet reads as in a preview (it is made when the template is used). */
const PAYMENT_LINK_PREVIEW = '[payment link]';

/**
 * Every template the caller may use on `channel`, previewed for one lead: those whose every field
 * has a value for this lead first, then the rest, each naming what it lacks ('no tour is
 * scheduled'); each group keeps the list's order. Nothing is made: a payment link that using the
 * template would make reads "[payment link]".
 */
export const fitTemplates = async (
  deps: TemplatesDeps,
  principal: Principal,
  leadId: string,
  { channel }: TemplateFitQuery,
): Promise<TemplateFitList> => {
  const lead = await getCompanyLead(deps.db, principal.companyId, leadId);
  const usable = (await listVisibleTemplates(deps.db, principal.companyId, principal.id)).filter(
    (template) => template.channel === 'BOTH' || template.channel === channel,
  );
  const texts = usable.map((template) => ({
    template,
    ...textsToFill(template, lead, channel),
  }));
  const used = fieldsUsedIn(texts.flatMap(({ all }) => all));
  const values = await valuesFor(deps, principal, lead, used, channel, { createLink: false });
  const link = values.paymentLink;
  if (link && 'value' in link && link.value === '')
    values.paymentLink = { value: PAYMENT_LINK_PREVIEW };
  const items = texts.map(({ template, variant, all }) => ({
    templateId: template.id,
    preview: previewText(variant.body, values),
    missing: missingFieldsIn(all, values),
  }));
  return {
    items: [
      ...items.filter((item) => item.missing.length === 0),
      ...items.filter((item) => item.missing.length > 0),
    ],
  };
};

/**
 * The template filled for one lead, for sending on `channel`: the variant in the lead's preferred
 * language, every merge field filled. A field without a value refuses (400) naming each such field.
 */
export const renderTemplate = async (
  deps: TemplatesDeps,
  principal: Principal,
  leadId: string,
  templateId: string,
  { channel }: RenderTemplateRequest,
): Promise<RenderedTemplate> => {
  const lead = await getCompanyLead(deps.db, principal.companyId, leadId);
  const template = await findVisibleTemplate(
    deps.db,
    principal.companyId,
    principal.id,
    templateId,
  );
  if (!template) throw notFound('Template');
  if (template.channel !== 'BOTH' && template.channel !== channel) {
    throw badRequest('body.channel', `this template is for ${template.channel} only`);
  }
  const { variant, subject, all } = textsToFill(template, lead, channel);
  const values = await valuesFor(deps, principal, lead, fieldsUsedIn(all), channel);
  const missing = missingFieldsIn(all, values);
  const body = renderText(variant.body, values);
  const title = subject === null ? null : renderText(subject, values);
  if (missing.length > 0 || 'missing' in body || (title && 'missing' in title)) {
    throw missingField(lead, missing);
  }
  return {
    templateId: template.id,
    channel,
    subject: title && 'text' in title ? title.text : null,
    body: body.text,
    language: variant.language,
    attachments: templateAttachmentsFor(template.attachments, channel),
  };
};

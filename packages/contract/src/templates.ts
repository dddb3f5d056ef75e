import { z } from 'zod';
import { isoDateSchema } from './common.js';
import type { ErrorCode } from './errors.js';
import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from './messaging.js';

/**
 * Message templates: the company's (kept by managers and admins) and each person's own. A body
 * (and an email subject) holds merge fields such as `{{lead.firstName}}`, filled on the server for
 * one lead when the template is picked in the composer.
 */
export const templateChannels = ['SMS', 'EMAIL', 'BOTH'] as const;
export const templateChannelSchema = z.enum(templateChannels, {
  error: `must be one of ${templateChannels.join(', ')}`,
});
export type TemplateChannel = z.infer<typeof templateChannelSchema>;

/** `company`: every staff member may use it, managers and admins keep it; `personal`: its owner's. */
export const templateScopes = ['company', 'personal'] as const;
export const templateScopeSchema = z.enum(templateScopes, {
  error: `must be one of ${templateScopes.join(', ')}`,
});
export type TemplateScope = z.infer<typeof templateScopeSchema>;

/** Every merge field a template may use, with what it is filled with (the edit dialog's menu). */
export const templateFieldInfo = {
  'lead.firstName': "The lead's first name",
  'lead.name': "The lead's full name",
  'property.name': "The lead's property",
  'property.address': "The property's address",
  'tour.date': 'The date of the lead’s tour, in the property’s time zone',
  'tour.time': 'The time of the lead’s tour, in the property’s time zone',
  'agent.firstName': 'Your first name (whoever sends)',
  'agent.name': 'Your full name (whoever sends)',
  'company.name': 'Your company',
  paymentLink: "The lead's active payment link",
  tourLink: "The lead's own tour booking page (books without a code)",
} as const;
export type TemplateField = keyof typeof templateFieldInfo;
export const templateFields = Object.keys(templateFieldInfo) as TemplateField[];

export const TEMPLATE_NAME_MAX_LENGTH = 100;
/** Languages a template may have a variant in besides its default text. */
export const TEMPLATE_MAX_VARIANTS = 10;

/** A two-letter language code (ISO 639-1), as a lead's preferred language starts. */
export const templateLanguageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, 'a two-letter language code, such as es');

const subjectSchema = z.string().trim().max(EMAIL_SUBJECT_MAX_LENGTH).nullable();
const bodySchema = z.string().trim().min(1, 'Write the message').max(EMAIL_BODY_MAX_LENGTH);

/** The same message in another language: picked for a lead who prefers that language. */
export const templateVariantSchema = z.object({
  language: templateLanguageSchema,
  subject: subjectSchema.default(null),
  body: bodySchema,
});
export type TemplateVariant = z.infer<typeof templateVariantSchema>;

/**
 * A file a template carries, stored like a composer upload (`/media/...`). Images go with the
 * template's texts (as MMS) and emails; any other file with its emails only.
 */
export const templateAttachmentSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  fileName: z.string(),
  /** The type its bytes are. */
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type TemplateAttachment = z.infer<typeof templateAttachmentSchema>;

/** Whether a template's file goes with a text too (images), or with emails only. */
export const isTemplateImage = (attachment: Pick<TemplateAttachment, 'contentType'>) =>
  attachment.contentType.startsWith('image/');

/** The files of a template that go out on `channel`: every file by email, images by text. */
export const templateAttachmentsFor = (
  attachments: TemplateAttachment[],
  channel: 'SMS' | 'EMAIL',
) => (channel === 'EMAIL' ? attachments : attachments.filter(isTemplateImage));

export const messageTemplateSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  scope: templateScopeSchema,
  channel: templateChannelSchema,
  /** Email only (channel EMAIL or BOTH). */
  subject: z.string().nullable(),
  body: z.string(),
  variants: z.array(templateVariantSchema),
  /** Added and removed through `templateAttachments` / `templateAttachment`, not with the text. */
  attachments: z.array(templateAttachmentSchema),
  /** How many messages were sent from it. */
  usageCount: z.number().int().nonnegative(),
  /** The owner of a personal template; null for a company one. */
  ownerUserId: z.uuid().nullable(),
  createdByUserName: z.string().nullable(),
  /** Whether the caller may change or delete it (the page disables what it may not). */
  canEdit: z.boolean(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateListSchema = z.array(messageTemplateSchema);

const templateFieldsShape = {
  name: z.string().trim().min(1, 'Enter a name').max(TEMPLATE_NAME_MAX_LENGTH),
  channel: templateChannelSchema,
  subject: subjectSchema.default(null),
  body: bodySchema,
  variants: z.array(templateVariantSchema).max(TEMPLATE_MAX_VARIANTS).default([]),
};

/** A new template; `scope` company is for managers and admins. */
export const createTemplateRequestSchema = z.object({
  ...templateFieldsShape,
  scope: templateScopeSchema,
});
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;

/** The whole template again (its scope stays as it was made). */
export const updateTemplateRequestSchema = z.object(templateFieldsShape);
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequestSchema>;

export const templateParamsSchema = z.object({ templateId: z.uuid() });
export const templateAttachmentParamsSchema = z.object({
  templateId: z.uuid(),
  attachmentId: z.uuid(),
});
export const leadTemplateParamsSchema = z.object({ leadId: z.uuid(), templateId: z.uuid() });

/** Fill a template for one lead, for the composer's mode. */
export const renderTemplateRequestSchema = z.object({ channel: z.enum(['SMS', 'EMAIL']) });
export type RenderTemplateRequest = z.infer<typeof renderTemplateRequestSchema>;

export const renderedTemplateSchema = z.object({
  templateId: z.uuid(),
  channel: z.enum(['SMS', 'EMAIL']),
  /** Email only. */
  subject: z.string().nullable(),
  body: z.string(),
  /** The variant's language, or null for the default text. */
  language: z.string().nullable(),
  /**
   * The template's files for this channel (`templateAttachmentsFor`): the composer attaches them
   * as if picked, so they are sent (and may be taken off) like any file.
   */
  attachments: z.array(templateAttachmentSchema),
});
export type RenderedTemplate = z.infer<typeof renderedTemplateSchema>;

/** `GET /api/leads/:leadId/templates/fit?channel=…`: which templates fit this lead, previewed. */
export const templateFitQuerySchema = z.object({ channel: z.enum(['SMS', 'EMAIL']) });
export type TemplateFitQuery = z.infer<typeof templateFitQuerySchema>;

export const templateFitSchema = z.object({
  templateId: z.uuid(),
  /**
   * The text (the variant in the lead's language) with this lead's values; a field without one
   * stays as it is written (`{{tour.date}}`), a payment link not made yet reads "[payment link]".
   */
  preview: z.string(),
  /** The fields this lead has no value for, each with why ("no tour is scheduled"); [] when it fits. */
  missing: z.array(
    z.object({
      field: z.enum(Object.keys(templateFieldInfo) as [TemplateField]),
      reason: z.string(),
    }),
  ),
});
export type TemplateFit = z.infer<typeof templateFitSchema>;

/** Every template usable on the channel, those that fit the lead first (each kept in list order). */
export const templateFitListSchema = z.object({ items: z.array(templateFitSchema) });
export type TemplateFitList = z.infer<typeof templateFitListSchema>;

/** The 400 of a render that left a merge field empty for this lead (`details` name each field). */
export const TEMPLATE_FIELD_MISSING_CODE = 'TEMPLATE_FIELD_MISSING' satisfies ErrorCode;

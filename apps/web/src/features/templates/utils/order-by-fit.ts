import type { MessageTemplate, TemplateField, TemplateFit } from '@leasing/contract';

/** What a template lacks for this lead, in a few words ('needs a tour date'). */
const NEEDS: Record<TemplateField, string> = {
  'lead.firstName': "needs the lead's name",
  'lead.name': "needs the lead's name",
  'property.name': 'needs a property',
  'property.address': "needs the property's address",
  'tour.date': 'needs a tour date',
  'tour.time': 'needs a tour date',
  'agent.firstName': 'needs your name',
  'agent.name': 'needs your name',
  'company.name': "needs the company's name",
  paymentLink: 'needs a payment link',
  tourLink: 'needs a property',
};

export type FittedTemplate = {
  template: MessageTemplate;
  /** The text with the lead's values; the template's own text until the fit has loaded. */
  preview: string;
  /** What it lacks for this lead, each said once ('needs a tour date'); [] when it fits. */
  needs: string[];
};

/**
 * The templates in the order of the lead's fit (those whose every field has a value first), each
 * with its preview; before the fit has loaded, as they are, in the list's order.
 */
export function orderByFit(
  templates: MessageTemplate[],
  fits: TemplateFit[] | undefined,
): FittedTemplate[] {
  if (!fits) return templates.map((template) => ({ template, preview: template.body, needs: [] }));
  const byId = new Map(templates.map((template) => [template._id, template]));
  const fitted = fits.flatMap((fit) => {
    const template = byId.get(fit.templateId);
    if (!template) return [];
    const needs = [...new Set(fit.missing.map(({ field }) => NEEDS[field]))];
    return [{ template, preview: fit.preview, needs }];
  });
  // A template the fit has not seen yet (saved since) comes last, as it is.
  const seen = new Set(fits.map((fit) => fit.templateId));
  const unseen = templates
    .filter((template) => !seen.has(template._id))
    .map((template) => ({ template, preview: template.body, needs: [] }));
  return [...fitted, ...unseen];
}

import type { MessageTemplate } from '@leasing/contract';

/**
 * The templates usable in the composer's mode (its channel, or both), whose name or text holds
 * every word of the search, in the list's order (company templates first).
 */
export function filterTemplates(
  templates: MessageTemplate[],
  channel: 'SMS' | 'EMAIL',
  search: string,
): MessageTemplate[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    if (template.channel !== 'BOTH' && template.channel !== channel) return false;
    const haystack = `${template.name} ${template.subject ?? ''} ${template.body}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

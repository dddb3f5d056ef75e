import type { messageTemplates } from '../schema/index.js';
import { seedId } from './seed-ids.js';

/**
 * The demo company's message templates: what a leasing team keeps (a tour confirmation, with a
 * Spanish version; an application follow-up by email) and one of Priya's own.
 */
export const buildDemoTemplates = (
  companyId: string,
  people: { dana: { id: string; name: string }; priya: { id: string; name: string } },
): (typeof messageTemplates.$inferInsert)[] => [
  {
    id: seedId('template:tour-confirmation'),
    companyId,
    name: 'Tour confirmation',
    channel: 'SMS',
    body: 'Hi {{lead.firstName}}, this is {{agent.firstName}} from {{property.name}}. You are booked for a tour on {{tour.date}} at {{tour.time}} at {{property.address}}. Reply here if anything changes!',
    variants: [
      {
        language: 'es',
        subject: null,
        body: 'Hola {{lead.firstName}}, soy {{agent.firstName}} de {{property.name}}. Su visita es el {{tour.date}} a las {{tour.time}} en {{property.address}}. ¡Responda aquí si algo cambia!',
      },
    ],
    usageCount: 14,
    createdByUserId: people.dana.id,
    createdByUserName: people.dana.name,
  },
  {
    id: seedId('template:welcome'),
    companyId,
    name: 'Welcome',
    channel: 'BOTH',
    subject: 'Your home at {{property.name}}',
    body: 'Hi {{lead.firstName}}, thanks for your interest in {{property.name}}! I am {{agent.firstName}} and I will help you find the right home. When would you like to come by for a tour?',
    variants: [],
    usageCount: 31,
    createdByUserId: people.dana.id,
    createdByUserName: people.dana.name,
  },
  {
    id: seedId('template:application-follow-up'),
    companyId,
    name: 'Application follow-up',
    channel: 'EMAIL',
    subject: 'Your application at {{property.name}}',
    body: 'Hi {{lead.name}},\n\nThank you for applying at {{property.name}}. We are reviewing your application and will be in touch within two business days.\n\nBest regards,\n{{agent.name}}\n{{company.name}}',
    variants: [],
    usageCount: 6,
    createdByUserId: people.dana.id,
    createdByUserName: people.dana.name,
  },
  {
    id: seedId('template:priya-check-in'),
    companyId,
    ownerUserId: people.priya.id,
    name: 'Quick check-in',
    channel: 'SMS',
    body: 'Hi {{lead.firstName}}, just checking in: any questions about {{property.name}} I can answer?',
    variants: [],
    usageCount: 3,
    createdByUserId: people.priya.id,
    createdByUserName: people.priya.name,
  },
];

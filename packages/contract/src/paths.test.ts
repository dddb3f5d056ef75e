import { describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes, pathOf } from './paths.js';

describe('api paths', () => {
  it('fills the route patterns the server registers, encoding each parameter', () => {
    expect(apiPaths.lead('p-1', 'L 1/2')).toBe('/api/properties/p-1/leads/L%201%2F2');
    expect(apiPaths.officeDecision('c-1', 'l-1')).toBe(
      '/api/companies/c-1/leads/l-1/office-decision',
    );
    expect(apiPaths.leadNotes('l-1')).toBe(pathOf(apiRoutes.leadNotes, { leadId: 'l-1' }));
  });

  it('names route parameters in camelCase only', () => {
    const names = Object.values(apiRoutes).flatMap((route) =>
      [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!),
    );
    expect(names.filter((name) => !/^[a-z][a-zA-Z]*$/.test(name) || /ID$/.test(name))).toEqual([]);
  });
});

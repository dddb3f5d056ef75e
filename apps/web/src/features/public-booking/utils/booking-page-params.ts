/** `/book/<propertyId>?t=<token>`: the property, and a lead's own link token when there is one. */
export function bookingPageParams(location: Pick<Location, 'pathname' | 'search'>): {
  propertyId: string;
  token: string | undefined;
} {
  const propertyId = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  const token = new URLSearchParams(location.search).get('t') ?? undefined;
  return { propertyId, token: token || undefined };
}

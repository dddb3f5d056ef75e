import type { PresenceState } from '../api/presence-channel';

export type PresencePerson = { userID: string; name: string };

/** The people (not consoles) with `leadID` open, each once, by name. */
export function viewersOf(state: PresenceState, leadID: string): PresencePerson[] {
  const people = new Map<string, PresencePerson>();
  for (const viewer of state.viewers.values()) {
    if (viewer.leadID === leadID)
      people.set(viewer.userID, { userID: viewer.userID, name: viewer.name });
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The people typing on `leadID` now. */
export function typistsOf(
  state: PresenceState,
  leadID: string,
  now = Date.now(),
): PresencePerson[] {
  return [...state.typing.values()]
    .filter((entry) => entry.leadID === leadID && entry.until > now)
    .map(({ userID, name }) => ({ userID, name }));
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export { initials } from '../../../lib/initials';

/** "Alex is typing…", "Alex and Sam are typing…", "3 people are typing…". */
export function typingSentence(typists: PresencePerson[]): string | null {
  if (typists.length === 0) return null;
  if (typists.length === 1) return `${firstName(typists[0]!.name)} is typing…`;
  if (typists.length === 2)
    return `${firstName(typists[0]!.name)} and ${firstName(typists[1]!.name)} are typing…`;
  return `${typists.length} people are typing…`;
}

/**
 * The console's keyboard shortcuts: one key, the handler the page on screen registered for it, and
 * what it does (for the '?' list). React-free, so any page can register and the list can show
 * what is registered. A key registered twice runs the newest registration (a dialog over a page).
 */
export type ShortcutHandler = (event: KeyboardEvent) => void;

export type ShortcutEntry = {
  /** The key as `KeyboardEvent.key` names it: 'j', '/', '?'. */
  key: string;
  description: string;
};

type Registration = ShortcutEntry & { handler: ShortcutHandler };

/**
 * Keys the console documents even before a page handles them; features built later (assigning,
 * follow-ups) register their handlers under these keys and the list already names them.
 */
export const knownShortcuts: readonly ShortcutEntry[] = [
  { key: 'j', description: 'Next lead' },
  { key: 'k', description: 'Previous lead' },
  { key: 'r', description: 'Reply to the lead' },
  { key: 'n', description: 'Add a note' },
  { key: 'a', description: 'Assign the lead to me' },
  { key: 'f', description: 'Set a follow-up' },
  { key: 'e', description: 'Complete the decision' },
  { key: 'c', description: 'Call the lead' },
  { key: '/', description: 'Search leads' },
  { key: '?', description: 'Show keyboard shortcuts' },
];

let registrations: Registration[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Registers a handler for `key`; answers the function that removes it. */
export function registerShortcut(registration: Registration): () => void {
  registrations = [...registrations, registration];
  changed();
  return () => {
    registrations = registrations.filter((item) => item !== registration);
    changed();
  };
}

/** The handler `key` runs now (the newest registration), if any. */
export function handlerFor(key: string): ShortcutHandler | null {
  return registrations.findLast((item) => item.key === key)?.handler ?? null;
}

export type ShortcutListing = ShortcutEntry & { isAvailable: boolean };

/** Every shortcut to list: the known ones (available here or not), then any other registered. */
export function listShortcuts(): ShortcutListing[] {
  const known = knownShortcuts.map((entry) => ({
    ...entry,
    isAvailable: entry.key === '?' || registrations.some((item) => item.key === entry.key),
  }));
  const others = registrations
    .filter((item) => !knownShortcuts.some((entry) => entry.key === item.key))
    .filter((item, index, all) => all.findIndex((other) => other.key === item.key) === index)
    .map(({ key, description }) => ({ key, description, isAvailable: true }));
  return [...known, ...others];
}

/** Changes to what is registered (the '?' list re-renders). */
export function subscribeShortcuts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let version = 0;
subscribeShortcuts(() => {
  version += 1;
});
/** A number that changes whenever the registrations do (for useSyncExternalStore). */
export function shortcutsVersion(): number {
  return version;
}

/** Every key something answers to now (for the one keydown listener). */
export function registeredKeys(): string[] {
  return [...new Set(registrations.map((item) => item.key))];
}

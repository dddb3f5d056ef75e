let pinned: string | null = null;

/** The viewer's own zone: the browser's, unless a test pinned another (`pinViewerTimeZone`). */
export const viewerTimeZone = () => pinned ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * For tests: the viewer sits in `zone` (an IANA name) until it is pinned again; null is the
 * browser's own zone again (the tests' setup does that after each test).
 */
export const pinViewerTimeZone = (zone: string | null) => {
  pinned = zone;
};

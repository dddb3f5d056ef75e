/** The viewer's own zone: the browser's. Its own module, so a test can pin the viewer. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

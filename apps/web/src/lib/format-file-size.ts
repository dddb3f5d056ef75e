const MEGABYTE = 1024 * 1024;

/** '6.0 MB' */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/** '512 B', '240 KB', '6.0 MB': a file's size as its chip shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MEGABYTE) return `${Math.round(bytes / 1024)} KB`;
  return formatMegabytes(bytes);
}

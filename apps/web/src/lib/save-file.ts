/** Hands a blob to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download before this runs; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

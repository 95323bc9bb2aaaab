/**
 * Handing a file to the browser as a download (exports, invoices, signed confirmations). Apart from
 * the export helpers, so a screen that only downloads a PDF does not load them.
 */
/** Lets the browser save a file under its name (text is saved as UTF-8 CSV unless told otherwise). */
export function download(content: Blob | string, fileName: string, type = 'text/csv;charset=utf-8') {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

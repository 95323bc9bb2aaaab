/**
 * Libraries that only some calls need, loaded on their first use instead of at start: together they
 * cost about half a second and 50 MiB at every start (scripts/bench/server-start.ts), while most
 * servers render a PDF or decode a photo only now and then.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadExcel = once(async () => (await import('exceljs')).default);
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadFontkit = once(async () => await import('fontkit'));
export const loadSharp = once(async () => {
  const sharp = (await import('sharp')).default;
  // Uploads are decoded from temporary files (decision 0052): keep none of them open after use.
  sharp.cache({ files: 0 });
  return sharp;
});
export const loadHeicDecode = once(async () => (await import('heic-decode')).default);
export const loadEInvoice = once(async () => await import('@e-invoice-eu/core'));
export const loadPdfLib = once(async () => await import('@cantoo/pdf-lib'));
export const loadStripe = once(async () => (await import('stripe')).default);

/**
 * The export files come base64 in the preview's `document`: turned into a Blob here, shown in the
 * dialog from an object URL, or saved by the browser under the server's file name.
 */

export function blobOf(document: { contentBase64: string; contentType: string }): Blob {
  const binary = atob(document.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: document.contentType });
}



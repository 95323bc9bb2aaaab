// fontkit (pdfkit's font engine) ships no types; the one call the server makes.
declare module 'fontkit' {
  /** A parsed font. pdfkit takes it as a font source and then does not parse the file again. */
  export interface Font {
    postscriptName: string;
  }
  export function create(data: Uint8Array, postscriptName?: string): Font;
}

// Data modules: a .bin file imported from Worker code is its bytes (the Vite Cloudflare plugin's and wrangler's
// module rule for .bin; docs/decisions/0036). The invoice PDF's fonts are imported this way.
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}

// pdfkit's output helpers (pdfkit 0.20's browser build): @types/pdfkit does not describe this entry point.
declare module "pdfkit/output" {
  export function toBytes(document: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>>;
}

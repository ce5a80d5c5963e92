/**
 * How many files a quote request or a delivery may carry, and how large each may be: shown by the forms in the browser
 * and enforced on the server (document-bytes.server.ts). Kept apart from the byte checks so that the forms import
 * these numbers without the file-type library behind those checks reaching the browser.
 */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024; // 10 MB per file
export const DOCUMENT_MAX_FILES = 5;

/**
 * Recognises a file a customer sends with a quote request (issue 13) by its bytes: PDF, DOCX, plain text, JPEG or
 * PNG. As with studio images (image-bytes.ts), neither the file name nor the declared Content-Type is trusted: the
 * type stored, and later served on download, is the one the bytes prove. Nothing is rendered or unpacked; a DOCX
 * is recognised by the names in its ZIP directory, without inflating anything.
 *
 * Every read is bounds-checked, so a hostile or truncated file can only produce a refusal, never an exception.
 */

import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from "./document-limits";

export { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES };

export type DocumentKind = "pdf" | "docx" | "txt" | "jpeg" | "png";
export type DocumentInfo = { kind: DocumentKind; contentType: string; extension: string };
export type DocumentRefusal = "empty" | "too-large" | "not-a-document";

export const DOCUMENT_FORMATS: Record<DocumentKind, { contentType: string; extension: string }> = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
  txt: { contentType: "text/plain; charset=utf-8", extension: "txt" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
};

export function inspectDocument(bytes: Uint8Array): { ok: true; document: DocumentInfo } | { ok: false; reason: DocumentRefusal } {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  // Before any parsing, so an oversized upload costs nothing beyond its length.
  if (bytes.length > DOCUMENT_MAX_BYTES) return { ok: false, reason: "too-large" };
  const kind = recognise(bytes);
  return kind ? { ok: true, document: { kind, ...DOCUMENT_FORMATS[kind] } } : { ok: false, reason: "not-a-document" };
}

function recognise(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes.subarray(12), IHDR)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (isPdf(bytes)) return "pdf";
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return isWordDocument(bytes) ? "docx" : null;
  return isPlainText(bytes) ? "txt" : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function indexOf(bytes: Uint8Array, needle: number[], from: number, to: number): number {
  const last = Math.min(to, bytes.length) - needle.length;
  for (let start = Math.max(0, from); start <= last; start++) {
    if (needle.every((byte, index) => bytes[start + index] === byte)) return start;
  }
  return -1;
}

/** A PDF: its header in the first KB (readers allow leading junk there) and an end-of-file marker in the last KB. */
function isPdf(bytes: Uint8Array): boolean {
  return indexOf(bytes, ascii("%PDF-"), 0, 1024) !== -1 && indexOf(bytes, ascii("%%EOF"), bytes.length - 1024, bytes.length) !== -1;
}

/**
 * A Word document (Office Open XML): a ZIP archive whose central directory names `[Content_Types].xml` and
 * `word/document.xml`. A spreadsheet, a presentation, an EPUB or any other ZIP is refused.
 */
function isWordDocument(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes);
  return names !== null && names.includes("[Content_Types].xml") && names.includes("word/document.xml");
}

const END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/** The file names in a ZIP's central directory, or null when it cannot be read. */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  // The end record is 22 bytes plus a comment of at most 65,535: search backwards from the end.
  let end = -1;
  for (let start = bytes.length - 22; start >= Math.max(0, bytes.length - 22 - 0xffff); start--) {
    if (END_OF_CENTRAL_DIRECTORY.every((byte, index) => bytes[start + index] === byte)) {
      end = start;
      break;
    }
  }
  if (end === -1) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let entry = 0; entry < count; entry++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > end) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * Plain text: valid UTF-8 (a byte-order mark allowed) with no control characters besides tab, line breaks and form
 * feed. Binary formats, and text in legacy encodings that would show as garbage, are refused.
 */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

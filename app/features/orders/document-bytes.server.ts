/**
 * Recognises a file a customer sends with a quote request (issue 13) by its bytes: PDF, DOCX, plain text, JPEG or
 * PNG. As with studio images (app/features/studio/image-bytes.ts), neither the file name nor the declared Content-Type
 * is trusted: the type stored, and later served on download, is the one the bytes prove. Nothing is rendered.
 *
 * The kind comes from the file-type library (docs/decisions/0029). It tells a Word document from the other Office Open
 * XML packages by the main part its [Content_Types].xml declares, so a macro-enabled document (.docm), a template
 * (.dotx) or a spreadsheet is refused. What it does not decide stays here, each with its reason below: plain text, a
 * PDF's end marker (and a header after leading junk), a Word document's central directory, and the size limits.
 *
 * A hostile or truncated file can only produce a refusal, never an exception.
 */
import { fileTypeFromBuffer } from "file-type";
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

export async function inspectDocument(bytes: Uint8Array): Promise<{ ok: true; document: DocumentInfo } | { ok: false; reason: DocumentRefusal }> {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  // Before any parsing, so an oversized upload costs nothing beyond its length.
  if (bytes.length > DOCUMENT_MAX_BYTES) return { ok: false, reason: "too-large" };
  const kind = await recognise(bytes);
  return kind ? { ok: true, document: { kind, ...DOCUMENT_FORMATS[kind] } } : { ok: false, reason: "not-a-document" };
}

async function recognise(bytes: Uint8Array): Promise<DocumentKind | null> {
  const detected = await detect(bytes);
  // An animated PNG is still a PNG to every viewer; file-type names it apart. It also takes Apple's CgBI variant, whose
  // first chunk is not IHDR and which viewers cannot open: that stays refused, as before.
  if ((detected === "png" || detected === "apng") && startsWith(bytes.subarray(12), ascii("IHDR"))) return "png";
  // JPEG-LS starts as a JPEG does, but no JPEG viewer opens it: file-type names it "jls", and it is refused.
  if (detected === "jpg") return "jpeg";
  if (isPdf(bytes)) return "pdf";
  if (detected === "docx") return hasWordParts(bytes) ? "docx" : null;
  // Anything else file-type names (another ZIP, an executable, but also XML, RTF or a calendar, which are text) is
  // judged as text: binary formats fail that test, and text is stored and served as text whatever it says.
  return isPlainText(bytes) ? "txt" : null;
}

/** file-type's name for the bytes (its `ext`), or undefined when it knows none. */
async function detect(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.ext;
  } catch {
    // file-type answers undefined for what it cannot read; should a hostile file still make it throw, the upload is
    // judged by this module's own checks alone (PDF, text) rather than answered with a 500.
    return undefined;
  }
}

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

/**
 * A PDF: its header in the first KB and an end-of-file marker in the last KB. Kept by hand: file-type looks for the
 * header at byte 0 only (readers allow leading junk before it) and never at the end, so a cut-off upload would pass.
 */
function isPdf(bytes: Uint8Array): boolean {
  return indexOf(bytes, ascii("%PDF-"), 0, 1024) !== -1 && indexOf(bytes, ascii("%%EOF"), bytes.length - 1024, bytes.length) !== -1;
}

/**
 * A Word document's ZIP central directory is readable and names `[Content_Types].xml` and `word/document.xml`. Kept by
 * hand: when the directory is missing or lies (a truncated upload, a hostile end record), file-type walks the local
 * headers from the start instead and still answers docx, but Word reads the directory and would call the file corrupt.
 */
function hasWordParts(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes);
  return names !== null && names.includes("[Content_Types].xml") && names.includes("word/document.xml");
}

const END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/** The file names in a ZIP's central directory, or null when it cannot be read. Every read is bounds-checked. */
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
 * feed. Binary formats, and text in legacy encodings that would show as garbage, are refused. Kept by hand: file-type
 * recognises formats by their signatures and has no answer for plain text.
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

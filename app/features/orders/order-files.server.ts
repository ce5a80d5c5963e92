// Documents sent with a quote request and translations delivered by an interpreter (issue 13): checked by their
// bytes (app/features/orders/document-bytes.server.ts), stored in the private file store under random keys, and served back only by
// the download routes, which check who asks.
import type { FileStore } from "~/backend/port.server";
import type { NewOrderFile, StoredOrderFile } from "~/domain/order-records";
import { format, plural, type Locale, type Messages } from "~/i18n";
import { DOCUMENT_FORMATS, DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, inspectDocument, type DocumentInfo } from "./document-bytes.server";
import { withStoredFiles } from "~/platform/core/stored-files.server";

export type CheckedDocument = { name: string; bytes: Uint8Array; document: DocumentInfo };
export const MAX_FILE_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/** The files chosen in a form field: browsers send an empty, nameless part when none was chosen. */
export function chosenFiles(formData: FormData, field: string): File[] {
  return formData.getAll(field).filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ""));
}

/**
 * A file's name as people will see it and download it: no folders, no control characters, at most 120 characters,
 * and the extension of the type its bytes proved (a PDF sent as "invoice.exe" downloads as "invoice.pdf").
 */
export function safeFileName(name: string, document: DocumentInfo): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "")
    .trim();
  const stem = base.replace(/\.[^.]*$/, "").slice(0, 120) || "document";
  return `${stem}.${document.extension}`;
}

/** Every chosen file checked; the first problem of the field in the page's language, or the checked files. */
export async function checkDocuments(
  files: File[],
  t: Messages,
  locale: Locale,
): Promise<{ ok: true; documents: CheckedDocument[] } | { ok: false; error: string }> {
  const v = t.quote.validation;
  if (files.length > DOCUMENT_MAX_FILES) return { ok: false, error: plural(locale, v.tooManyFiles, DOCUMENT_MAX_FILES) };
  const documents: CheckedDocument[] = [];
  for (const file of files) {
    // The size is known before reading: an oversized file is refused without its bytes being looked at.
    if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, error: format(v.fileTooLarge, { name: file.name, size: MAX_FILE_MB }) };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const inspected = await inspectDocument(bytes);
    if (!inspected.ok) {
      const message = { empty: v.fileEmpty, "too-large": v.fileTooLarge, "not-a-document": v.fileNotDocument }[inspected.reason];
      return { ok: false, error: format(message, { name: file.name, size: MAX_FILE_MB }) };
    }
    documents.push({ name: safeFileName(file.name, inspected.document), bytes, document: inspected.document });
  }
  return { ok: true, documents };
}

/**
 * Stores the documents under new random keys, then runs `record`; when `record` throws or answers a refusal
 * (`kept` false), the objects are deleted again, so a refused request leaves nothing in the bucket.
 */
export async function storeDocuments<T>(
  files: FileStore,
  documents: CheckedDocument[],
  record: (stored: NewOrderFile[]) => Promise<{ kept: boolean; value: T }>,
): Promise<T> {
  const stored = documents.map((document) => ({
    objectKey: `orders/${crypto.randomUUID()}`,
    fileName: document.name,
    contentType: document.document.contentType,
    size: document.bytes.length,
  }));
  const keys = stored.map((file) => file.objectKey);
  return withStoredFiles(
    {
      put: () => Promise.all(stored.map((file, index) => files.put(file.objectKey, documents[index]!.bytes, file.contentType))),
      remove: () => files.remove(keys),
    },
    () => record(stored),
  );
}

/** A stored file as a download: its proven type, never rendered inline, never cached. */
export async function downloadResponse(files: FileStore, file: StoredOrderFile): Promise<Response> {
  const object = await files.get(file.objectKey);
  if (!object) return new Response("Not Found", { status: 404 });
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(object.body, {
    headers: {
      "Content-Type": Object.values(DOCUMENT_FORMATS).some((format) => format.contentType === file.contentType) ? file.contentType : "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

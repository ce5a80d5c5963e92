// Values as the campaign sends them (text, raw bytes, or already percent-encoded ASCII), file parts, and how each
// goes into a URL, a body or a report. Shared by payloads.ts, files.ts and the body and header builders.

export type Value =
  /** Text; sent as UTF-8 (a lone surrogate becomes U+FFFD, as browsers send it). */
  | { kind: "text"; text: string }
  /** Raw bytes, e.g. invalid UTF-8: percent-encoded in URLs, sent as they are in bodies. */
  | { kind: "bytes"; bytes: Uint8Array }
  /** Already percent-encoded (possibly broken) ASCII: put into URLs and url-encoded bodies verbatim. */
  | { kind: "encoded"; text: string };

export type Payload = { value: Value; label: string; marker?: number };

/** A file part of a multipart body: its bytes, and the file name and Content-Type the client claims (none: no header). */
export type FileValue = { bytes: Value; filename: Value; contentType?: string };
export type FilePayload = { file: FileValue; label: string; marker?: number };

export const text = (value: string): Value => ({ kind: "text", text: value });
export const bytes = (...values: number[]): Value => ({ kind: "bytes", bytes: Uint8Array.from(values) });
export const encoded = (value: string): Value => ({ kind: "encoded", text: value });
export const utf8 = (value: string) => [...Buffer.from(value, "utf8")];

/** The value's bytes as UTF-8 (bytes as they are; encoded text as its ASCII). */
export function valueBytes(value: Value): Buffer {
  return value.kind === "bytes" ? Buffer.from(value.bytes) : Buffer.from(value.text, "utf8");
}

// Each byte's form in a URL: unreserved characters as they are, everything else %XX.
const URL_BYTE = Array.from({ length: 256 }, (_, byte) =>
  /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
);

/** The value for a URL or a url-encoded body: every byte outside the unreserved set escaped. */
export function percentEncode(value: Value): string {
  if (value.kind === "encoded") return value.text;
  const parts: string[] = [];
  for (const byte of valueBytes(value)) parts.push(URL_BYTE[byte]!);
  return parts.join("");
}

/** Printable form for reports. */
export function describe(value: Value, max = 80): string {
  const shown = value.kind === "bytes" ? `bytes ${Buffer.from(value.bytes).toString("hex")}` : JSON.stringify(value.text);
  return shown.length > max ? `${shown.slice(0, max)}… (${value.kind === "bytes" ? value.bytes.length : value.text.length} chars)` : shown;
}

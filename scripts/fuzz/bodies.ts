// Request bodies: the form's fields encoded the way a browser would (url-encoded, multipart), or the way a
// hostile client might (JSON, text/plain, raw invalid UTF-8, cut short), under a right, wrong or missing
// Content-Type. The Content-Length always matches the bytes sent: a body cut at the HTTP level (fewer
// bytes than announced, then half-close) is answered 503 "worker restarted mid-request" by wrangler's
// local proxy before the app sees it, and has crashed `wrangler dev` here — so truncation is done inside
// a well-framed message (cut mid-field, mid-escape, mid-UTF-8 sequence, without the closing boundary).
// A field with a `file` is a file input: a file part of a multipart body (with its file name and Content-Type), or,
// in the other encodings, its file name as text (what a browser sends for a form without the multipart encType).
import { percentEncode, valueBytes, type FileValue, type Value } from "./payloads";
import type { Rng } from "./prng";

/** `value` is a text field's value; a file field's `file` holds its bytes, name and type instead. */
export type Field = { name: Value; value: Value; file?: FileValue };
export type Body = { bytes: Buffer; contentType?: string; label: string };

const BOUNDARY_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

function urlencoded(fields: Field[], rawBytes: boolean): Buffer {
  const parts = fields.map(({ name, value }) => {
    const encodedValue = rawBytes && value.kind !== "encoded" ? valueBytes(value) : Buffer.from(percentEncode(value), "latin1");
    return Buffer.concat([Buffer.from(percentEncode(name), "latin1"), Buffer.from("="), encodedValue]);
  });
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from("&"), part])));
}

function multipart(fields: Field[], boundary: string, rng: Rng, clean: boolean): Buffer {
  const chunks: Buffer[] = [];
  // Browsers escape " CR LF in names and file names as %22 %0D %0A; sometimes the raw bytes are sent instead.
  const quote = (value: Value) => {
    const raw = valueBytes(value).toString("latin1");
    return clean || rng.chance(0.8) ? raw.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A") : raw;
  };
  for (const { name, value, file } of fields) {
    const quoted = quote(name);
    let disposition: string;
    let type = "";
    let content: Buffer;
    if (file) {
      disposition = `Content-Disposition: form-data; name="${quoted}"; filename="${quote(file.filename)}"`;
      if (file.contentType !== undefined) type = `\r\nContent-Type: ${file.contentType}`;
      content = valueBytes(file.bytes);
    } else {
      // Now and then a text field goes as a file part (a client that attaches what the form expects as text).
      const asFile = !clean && rng.chance(0.07);
      disposition = `Content-Disposition: form-data; name="${quoted}"${asFile ? `; filename="${rng.pick(["x.txt", "../../x.sh", "<fz>.png", ""])}"` : ""}`;
      if (asFile) type = `\r\nContent-Type: ${rng.pick(["text/plain", "application/octet-stream", "image/svg+xml"])}`;
      content = valueBytes(value);
    }
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`, "latin1"), content, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const asText = (value: Value) => valueBytes(value).toString("utf8");

/**
 * Encodes fields into a body with a Content-Type; mostly right, sometimes wrong, missing or truncated. A `multipart`
 * form (surface.ts) is mostly sent as a browser sends it, multipart with its file parts. A `clean` body is always
 * what the browser sends: the form's own encoding, complete, every text field a text part.
 */
export function buildBody(rng: Rng, allFields: Field[], multipartForm = false, clean = false): Body {
  const boundary = `----fuzz${Array.from({ length: 16 }, () => rng.pick([...BOUNDARY_CHARS])).join("")}`;
  const encoding = clean
    ? multipartForm
      ? "multipart"
      : "urlencoded"
    : rng.weighted<string>([
        [multipartForm ? 8 : 60, "urlencoded"],
        [multipartForm ? 72 : 20, "multipart"],
        [5, "raw-bytes"],
        [5, "json"],
        [4, "text"],
        [3, "empty"],
        [3, "garbage"],
      ]);
  // Outside multipart a file input sends its file name as text.
  const fields = encoding === "multipart" ? allFields : allFields.map(({ name, value, file }) => ({ name, value: file ? file.filename : value }));
  let bytes: Buffer;
  let contentType: string | undefined;
  switch (encoding) {
    case "multipart":
      bytes = multipart(allFields, boundary, rng, clean);
      contentType = `multipart/form-data; boundary=${boundary}`;
      break;
    case "raw-bytes": // invalid UTF-8 and controls straight into a url-encoded body, unescaped
      bytes = urlencoded(fields, true);
      contentType = "application/x-www-form-urlencoded";
      break;
    case "json":
      bytes = Buffer.from(JSON.stringify(Object.fromEntries(fields.map(({ name, value }) => [asText(name), asText(value)]))));
      contentType = "application/json";
      break;
    case "text":
      bytes = Buffer.from(fields.map(({ name, value }) => `${asText(name)}=${asText(value)}`).join("\r\n"));
      contentType = "text/plain;charset=UTF-8";
      break;
    case "empty":
      bytes = Buffer.alloc(0);
      contentType = "application/x-www-form-urlencoded";
      break;
    case "garbage":
      bytes = Buffer.from(Array.from({ length: rng.int(1, 2048) }, () => rng.int(0, 255)));
      contentType = rng.pick(["application/x-www-form-urlencoded", `multipart/form-data; boundary=${boundary}`]);
      break;
    default:
      bytes = urlencoded(fields, false);
      contentType = "application/x-www-form-urlencoded";
  }
  const labels = [encoding];

  if (!clean && rng.chance(0.15)) {
    contentType = rng.pick([
      undefined,
      "text/plain",
      "application/json",
      "multipart/form-data",
      `multipart/form-data; boundary=wrong${boundary}`,
      "multipart/form-data; boundary=",
      'multipart/form-data; boundary="a b"',
      "application/x-www-form-urlencoded; charset=utf-16le",
      "application/x-www-form-urlencoded; charset=x-unknown",
      "text/html",
      "application/x-www-form-urlencoded, multipart/form-data",
      "APPLICATION/X-WWW-FORM-URLENCODED",
      "application/octet-stream",
      `multipart/mixed; boundary=${boundary}`,
      "*/*",
      `x/${"y".repeat(5000)}`,
      "application/x-www-form-urlencoded\u00ff",
      "",
    ]);
    labels.push(`content-type ${contentType === undefined ? "missing" : JSON.stringify(contentType.slice(0, 60))}`);
  }
  if (!clean && bytes.length > 1 && rng.chance(0.1)) {
    bytes = bytes.subarray(0, rng.int(1, bytes.length - 1));
    labels.push(`truncated at ${bytes.length}`);
  }
  return { bytes, contentType, label: labels.join(", ") };
}

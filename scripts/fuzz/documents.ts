// File parts for document inputs (surface.ts kind "documents": a quote request's files, a delivery): what a browser
// sends (no file chosen, or one or two small real documents), and files that lie about what they are, are cut,
// empty, one byte over 10 MB or 11 MB, six at once, or carry hostile names or types. The product recognises a
// document by its bytes (app/features/orders/document-bytes.server.ts): only the bytes decide, so most lies are in the bytes.
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from "../../app/features/orders/document-limits";
import { docx, pdf, xlsx, zip } from "../../tests/fixtures/documents";
import { bytesOf } from "../../tests/fixtures/images";
import { FILE_NAMES, type HostileSource } from "./files";
import type { Rng } from "./prng";
import { bytes, describe, text, type FilePayload, type Value } from "./values";

type Document = { kind: string; extension: string; type: string; bytes: Uint8Array };

/** One real document of each kind the product accepts, with the type a browser would claim for it. */
const DOCUMENTS: Document[] = [
  { kind: "pdf", extension: "pdf", type: "application/pdf", bytes: pdf("Fuzz document") },
  { kind: "docx", extension: "docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes: docx("Fuzz letter") },
  { kind: "txt", extension: "txt", type: "text/plain", bytes: new TextEncoder().encode("Dear translator,\nplease translate this.\nمرحبا\n") },
  { kind: "jpeg", extension: "jpg", type: "image/jpeg", bytes: bytesOf("jpegBaseline") },
  { kind: "png", extension: "png", type: "image/png", bytes: bytesOf("png") },
];

const asBytes = (value: Uint8Array): Value => ({ kind: "bytes", bytes: value });
const part = (document: Document, name: string, label = document.kind): FilePayload => ({
  file: { bytes: asBytes(document.bytes), filename: text(name), contentType: document.type },
  label,
});
/** A browser's part for a file input with no file chosen. */
export const NO_FILE: FilePayload = { file: { bytes: text(""), filename: text(""), contentType: "application/octet-stream" }, label: "no file" };

/** The real documents of each kind, e.g. for the run's set-up (orders.ts). */
export function documentOf(kind: "pdf" | "docx" | "txt" | "jpeg" | "png", name: string): FilePayload {
  return part(
    DOCUMENTS.find((document) => document.kind === kind)!,
    name,
  );
}

/** What a browser sends for the input: no file chosen (one empty part), or one or two small real documents. */
export function plausibleDocuments(rng: Rng): FilePayload[] {
  const count = rng.weighted([
    [4, 0],
    [5, 1],
    [1, 2],
  ]);
  if (count === 0) return [NO_FILE];
  return Array.from({ length: count }, () => {
    const document = rng.pick(DOCUMENTS);
    return part(document, `fuzz-${rng.hex(6)}.${document.extension}`);
  });
}

/** A document of `size` bytes that is a valid PDF in every other respect (header, end marker). */
function pdfOfSize(size: number): Uint8Array {
  const big = new Uint8Array(size).fill(0x20);
  big.set(new TextEncoder().encode("%PDF-1.4\n"));
  big.set(new TextEncoder().encode("\n%%EOF\n"), size - 7);
  return big;
}

/** A ZIP end record that claims many entries at an offset past the end: the directory reader must stay in bounds. */
function lyingZip(): Uint8Array {
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, 0xffff, true);
  view.setUint16(10, 0xffff, true);
  view.setUint32(12, 0xffffffff, true);
  view.setUint32(16, 0xfffffff0, true);
  return Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Uint8Array(26), ...end]);
}

/**
 * Hostile file parts for the input: usually one (it replaces one part), six valid documents (one over the limit
 * of five), or a sixth added to what is there.
 */
export function hostileDocuments(source: HostileSource): FilePayload[] {
  const { rng } = source;
  const document = rng.pick(DOCUMENTS);
  const name = `document.${document.extension}`;
  const category = rng.weighted<string>([
    [6, "wrong-bytes"],
    [3, "truncated"],
    [2, "too-large"],
    [2, "empty"],
    [2, "six"],
    [5, "hostile-name"],
    [3, "wrong-type"],
    [2, "polyglot"],
  ]);
  switch (category) {
    case "wrong-bytes": {
      const choice = rng.pick<[string, () => Uint8Array, string]>([
        ["a spreadsheet", () => xlsx(), "report.docx"],
        ["a ZIP of other files", () => zip({ "readme.txt": "not a Word document", "word/other.xml": "<x/>" }), "letter.docx"],
        ["a ZIP end record lying about its directory", lyingZip, "letter.docx"],
        ["a GIF", () => bytesOf("gif"), "scan.png"],
        ["a WebP", () => bytesOf("webpLossy"), "scan.jpg"],
        ["an executable", () => Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff]), "contract.pdf"],
        ["invalid UTF-8", () => Uint8Array.from([0x48, 0x69, 0xff, 0xfe, 0xc0, 0xaf, 0x0a]), "notes.txt"],
        ["text with NUL", () => new TextEncoder().encode("line one\u0000line two\n"), "notes.txt"],
        ["a PDF header without its end", () => new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n"), "contract.pdf"],
        ["a PNG signature without IHDR", () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), "scan.png"],
        ["random bytes", () => Uint8Array.from({ length: rng.int(1, 600) }, () => rng.int(0, 255)), "document.pdf"],
      ]);
      return [
        {
          file: { bytes: asBytes(choice[1]()), filename: text(choice[2]), contentType: rng.pick([document.type, "application/pdf"]) },
          label: `${choice[0]} as ${choice[2]}`,
        },
      ];
    }
    case "truncated": {
      const whole = rng.pick(DOCUMENTS.filter((each) => each.kind !== "txt"));
      const cut = rng.int(1, whole.bytes.length - 1);
      return [
        {
          file: { bytes: asBytes(whole.bytes.subarray(0, cut)), filename: text(`cut.${whole.extension}`), contentType: whole.type },
          label: `${whole.kind} cut at ${cut}`,
        },
      ];
    }
    case "too-large": {
      // One byte over the limit (the document check), or 11 MB (the size check before any byte is read).
      const size = rng.pick([DOCUMENT_MAX_BYTES + 1, 11 * 1024 * 1024]);
      return [{ file: { bytes: asBytes(pdfOfSize(size)), filename: text("large.pdf"), contentType: "application/pdf" }, label: `pdf of ${size} bytes` }];
    }
    case "empty":
      return [{ file: { bytes: text(""), filename: text(rng.pick([name, "x"])), contentType: rng.pick([document.type, undefined]) }, label: "empty file" }];
    case "six":
      return Array.from({ length: DOCUMENT_MAX_FILES + 1 }, (_, i) =>
        part(DOCUMENTS[i % DOCUMENTS.length]!, `part-${i + 1}.${DOCUMENTS[i % DOCUMENTS.length]!.extension}`, "one of six files"),
      );
    case "hostile-name": {
      const n = source.marker();
      // Also a name whose 120-character cut (app/features/orders/order-files.server.ts) falls inside a surrogate pair.
      const names = [...FILE_NAMES.map((make) => make(n, document.extension)), `x${"😀".repeat(80)}.${document.extension}`];
      const chosen = rng.pick(names);
      const filename = typeof chosen === "string" ? text(chosen) : chosen;
      const marked = filename.kind !== "bytes" && new RegExp(`fz-?${n}(?!\\d)`).test(filename.text);
      return [
        {
          file: { bytes: asBytes(document.bytes), filename, contentType: document.type },
          label: `${document.kind} named ${describe(filename, 40)}`,
          marker: marked ? n : undefined,
        },
      ];
    }
    case "wrong-type": {
      const n = source.marker();
      const type = rng.pick(["text/html", "image/svg+xml", "application/x-msdownload", "", `application/pdf; name="<fz-${n}>"`, "x".repeat(3000), undefined]);
      return [
        {
          file: { bytes: asBytes(document.bytes), filename: text(rng.pick([name, "document.html", "document.exe", "document"])), contentType: type },
          label: `${document.kind} as ${type === undefined ? "no Content-Type" : JSON.stringify(type.slice(0, 40))}`,
          marker: type?.includes(`fz-${n}`) ? n : undefined,
        },
      ];
    }
    default: {
      // A real document with markup after it (still that document by its bytes), or markup as "text".
      const n = source.marker();
      const tail = new TextEncoder().encode(`<script>fz${n}</script><fz-${n}>`);
      const html = rng.chance(0.5);
      const content = html ? bytes(...tail) : asBytes(Uint8Array.from([...document.bytes, ...tail]));
      return [
        {
          file: { bytes: content, filename: text(html ? `page${n}.txt` : `document${n}.html`), contentType: "text/html" },
          label: html ? "markup as a .txt" : `${document.kind} with markup after it`,
          marker: n,
        },
      ];
    }
  }
}

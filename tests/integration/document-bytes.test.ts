// inspectDocument: a quote request's file is recognised by its bytes alone (PDF, DOCX, text, JPEG, PNG), whatever its
// name or declared type, and anything else (other ZIPs, binaries, legacy-encoded text, truncated archives, files over
// 10 MB) is refused without an exception. Runs inside workerd, the runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES, inspectDocument } from "~/features/orders/document-bytes";
import { docx, pdf, xlsx, zip } from "../fixtures/documents";
import { bytesOf } from "../fixtures/images";

const kindOf = (bytes: Uint8Array): string => {
  const result = inspectDocument(bytes);
  return result.ok ? result.document.kind : `refused: ${result.reason}`;
};
const text = (value: string) => new TextEncoder().encode(value);

describe("inspectDocument", () => {
  it("recognises each accepted type by its bytes, with the type it will be served as", () => {
    expect(inspectDocument(pdf())).toEqual({ ok: true, document: { kind: "pdf", contentType: "application/pdf", extension: "pdf" } });
    expect(inspectDocument(docx())).toEqual({
      ok: true,
      document: { kind: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
    });
    expect(inspectDocument(text("Dear PUSH,\r\nplease translate:\tعقد الإيجار\n"))).toEqual({
      ok: true,
      document: { kind: "txt", contentType: "text/plain; charset=utf-8", extension: "txt" },
    });
    expect(kindOf(new Uint8Array([0xef, 0xbb, 0xbf, ...text("with a byte-order mark")]))).toBe("txt");
    expect(kindOf(new Uint8Array(bytesOf("jpegBaseline")))).toBe("jpeg");
    expect(kindOf(new Uint8Array(bytesOf("png")))).toBe("png");
  });

  it("refuses look-alikes: another ZIP, a PDF without its end, a PNG signature alone, binary and Latin-1 text", () => {
    expect(kindOf(xlsx())).toBe("refused: not-a-document");
    expect(kindOf(zip({ "word/document.xml": "<w:document/>" }))).toBe("refused: not-a-document"); // no content types
    const pdfBytes = pdf();
    expect(kindOf(pdfBytes.subarray(0, pdfBytes.length - 10))).toBe("refused: not-a-document");
    expect(kindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe("refused: not-a-document");
    expect(kindOf(new Uint8Array(bytesOf("webpLossy")))).toBe("refused: not-a-document"); // an image, not one of the five
    expect(kindOf(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBe("refused: not-a-document"); // an executable
    expect(kindOf(text("a\u0000b"))).toBe("refused: not-a-document");
    expect(kindOf(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe("refused: not-a-document"); // "Café" in Latin-1
  });

  it("refuses a truncated or hostile ZIP directory without throwing", () => {
    const whole = docx();
    for (let cut = 1; cut < whole.length; cut += 37) expect(() => inspectDocument(whole.subarray(0, cut))).not.toThrow();
    expect(kindOf(whole.subarray(0, whole.length - 30))).toBe("refused: not-a-document");
    // An end record that claims more entries than there are, and a directory offset past the end.
    const lying = whole.slice();
    const end = lying.length - 22;
    new DataView(lying.buffer).setUint16(end + 10, 500, true);
    expect(kindOf(lying)).toBe("refused: not-a-document");
    const pastEnd = whole.slice();
    new DataView(pastEnd.buffer).setUint32(end + 16, 0xfffffff0, true);
    expect(kindOf(pastEnd)).toBe("refused: not-a-document");
  });

  it("refuses an empty file and one over 10 MB before reading it; 10 MB exactly is accepted", () => {
    expect(kindOf(new Uint8Array())).toBe("refused: empty");
    const atLimit = new Uint8Array(DOCUMENT_MAX_BYTES).fill(0x61);
    expect(kindOf(atLimit)).toBe("txt");
    const over = new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(0x61);
    expect(kindOf(over)).toBe("refused: too-large");
  });
});

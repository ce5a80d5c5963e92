// inspectDocument: a quote request's file is recognised by its bytes alone (PDF, DOCX, text, JPEG, PNG), whatever its
// name or declared type, and anything else (other ZIPs, binaries, legacy-encoded text, truncated archives, files over
// 10 MB) is refused without an exception. Runs inside workerd, the runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES, inspectDocument } from "~/features/orders/document-bytes.server";
import { deflatedZip, docx, pdf, WORD_MACRO_ENABLED_MAIN, WORD_TEMPLATE_MAIN, wordParts, xlsx, zip } from "../fixtures/documents";
import { bytesOf } from "../fixtures/images";

const kindOf = async (bytes: Uint8Array): Promise<string> => {
  const result = await inspectDocument(bytes);
  return result.ok ? result.document.kind : `refused: ${result.reason}`;
};
const text = (value: string) => new TextEncoder().encode(value);

describe("inspectDocument", () => {
  it("recognises each accepted type by its bytes, with the type it will be served as", async () => {
    expect(await inspectDocument(pdf())).toEqual({ ok: true, document: { kind: "pdf", contentType: "application/pdf", extension: "pdf" } });
    expect(await inspectDocument(docx())).toEqual({
      ok: true,
      document: { kind: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
    });
    expect(await inspectDocument(text("Dear PUSH,\r\nplease translate:\tعقد الإيجار\n"))).toEqual({
      ok: true,
      document: { kind: "txt", contentType: "text/plain; charset=utf-8", extension: "txt" },
    });
    expect(await kindOf(new Uint8Array([0xef, 0xbb, 0xbf, ...text("with a byte-order mark")]))).toBe("txt");
    expect(await kindOf(new Uint8Array(bytesOf("jpegBaseline")))).toBe("jpeg");
    expect(await kindOf(new Uint8Array(bytesOf("png")))).toBe("png");
  });

  it("refuses look-alikes: another ZIP, a PDF without its end, a PNG signature alone, binary and Latin-1 text", async () => {
    expect(await kindOf(xlsx())).toBe("refused: not-a-document");
    expect(await kindOf(zip({ "word/document.xml": "<w:document/>" }))).toBe("refused: not-a-document"); // no content types
    const pdfBytes = pdf();
    expect(await kindOf(pdfBytes.subarray(0, pdfBytes.length - 10))).toBe("refused: not-a-document");
    expect(await kindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe("refused: not-a-document");
    expect(await kindOf(new Uint8Array(bytesOf("webpLossy")))).toBe("refused: not-a-document"); // an image, not one of the five
    expect(await kindOf(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBe("refused: not-a-document"); // an executable
    expect(await kindOf(text("a\u0000b"))).toBe("refused: not-a-document");
    expect(await kindOf(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe("refused: not-a-document"); // "Café" in Latin-1
  });

  it("refuses a truncated or hostile ZIP directory without throwing", async () => {
    const whole = docx();
    for (let cut = 1; cut < whole.length; cut += 37) await expect(inspectDocument(whole.subarray(0, cut))).resolves.toHaveProperty("ok"); // answers, never rejects
    expect(await kindOf(whole.subarray(0, whole.length - 30))).toBe("refused: not-a-document");
    // An end record that claims more entries than there are, and a directory offset past the end.
    const lying = whole.slice();
    const end = lying.length - 22;
    new DataView(lying.buffer).setUint16(end + 10, 500, true);
    expect(await kindOf(lying)).toBe("refused: not-a-document");
    const pastEnd = whole.slice();
    new DataView(pastEnd.buffer).setUint32(end + 16, 0xfffffff0, true);
    expect(await kindOf(pastEnd)).toBe("refused: not-a-document");
  });

  it("refuses an empty file and one over 10 MB before reading it; 10 MB exactly is accepted", async () => {
    expect(await kindOf(new Uint8Array())).toBe("refused: empty");
    const atLimit = new Uint8Array(DOCUMENT_MAX_BYTES).fill(0x61);
    expect(await kindOf(atLimit)).toBe("txt");
    const over = new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(0x61);
    expect(await kindOf(over)).toBe("refused: too-large");
  });

  // What the file-type library changed (docs/decisions/0029), pinned: it reads the type [Content_Types].xml declares for
  // the main part, inflating it as Word writes it, and names text formats that are still text to us.
  it("tells a Word document from a macro-enabled document or a template by its declared main part, deflated or not", async () => {
    expect(await kindOf(await deflatedZip(wordParts()))).toBe("docx");
    for (const mainType of [WORD_MACRO_ENABLED_MAIN, WORD_TEMPLATE_MAIN]) {
      expect(await kindOf(zip(wordParts("x", mainType))), mainType).toBe("refused: not-a-document");
      expect(await kindOf(await deflatedZip(wordParts("x", mainType))), mainType).toBe("refused: not-a-document");
    }
    const deflated = await deflatedZip(wordParts());
    expect(await kindOf(deflated.subarray(0, deflated.length - 30))).toBe("refused: not-a-document"); // its directory cut off
  });

  it("still takes text that names a format (XML, RTF, a calendar) as text, and a PDF after leading junk as a PDF", async () => {
    for (const body of ['<?xml version="1.0"?><letter/>', "{\\rtf1 Dear PUSH}", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"]) {
      expect(await kindOf(text(body)), body).toBe("txt");
    }
    expect(await kindOf(new Uint8Array([...text("HTTP/1.1 200 OK\r\n\r\n"), ...pdf()]))).toBe("pdf");
  });

  it("refuses JPEG-LS, which starts as a JPEG does but no JPEG viewer opens, and (as before) Apple's CgBI PNG", async () => {
    const jpeg = bytesOf("jpegBaseline");
    expect(await kindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xf7, ...jpeg.subarray(4)]))).toBe("refused: not-a-document");
    const png = bytesOf("png");
    const cgbi = new Uint8Array([...png.subarray(0, 8), 0, 0, 0, 4, ...text("CgBI"), 0x50, 0, 0x20, 0x02, 0, 0, 0, 0, ...png.subarray(8)]);
    expect(await kindOf(cgbi)).toBe("refused: not-a-document");
  });
});

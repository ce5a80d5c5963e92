// Poppler's command-line tools on loopback, for tests that run inside workerd (which cannot start a process): the test
// posts a PDF's bytes and gets back what the tool printed. Poppler is what reads the invoice PDFs in the tests
// (tests/integration/invoice-pdf.test.ts): another program than the one that wrote them.
//
//   POST /pdftotext[?layout]  the text, in reading order (UTF-8); with layout, as laid out on the page (a row's columns
//                             on one line)
//   POST /pdfinfo             the document's information (pages, title, producer, …)
//   POST /pdftoppm?page=N     page N rendered in grey at 50 dpi, as a binary PGM (P5)
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { readerText } from "./pdf-text";

const run = promisify(execFile);

async function withPdf<T>(bytes: Buffer, use: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "push-poppler-"));
  try {
    const file = join(folder, "document.pdf");
    await writeFile(file, bytes);
    return await use(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function answer(path: string, query: URLSearchParams, bytes: Buffer): Promise<Buffer> {
  const page = query.get("page") ?? "1";
  return withPdf(bytes, async (file, folder) => {
    if (path === "/pdftotext") return Buffer.from((await run("pdftotext", ["-enc", "UTF-8", ...(query.has("layout") ? ["-layout"] : []), file, "-"])).stdout);
    if (path === "/pdfinfo") return Buffer.from((await run("pdfinfo", ["-enc", "UTF-8", file])).stdout);
    if (path === "/pdftoppm") {
      await run("pdftoppm", ["-r", "50", "-gray", "-f", page, "-l", page, "-singlefile", file, join(folder, "page")]);
      return readFile(join(folder, "page.pgm"));
    }
    throw new Error(`no tool at ${path}`);
  });
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://poppler");
    const out = await answer(url.pathname, url.searchParams, Buffer.concat(chunks));
    response.writeHead(200, { "content-type": "application/octet-stream" }).end(out);
  } catch (error) {
    response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
  }
}

/** A PDF's text as pdftotext reads it, as a reader compares it (for tests that run in Node: the browser tests). */
export async function pdfText(bytes: Buffer): Promise<string> {
  return readerText((await answer("/pdftotext", new URLSearchParams(), bytes)).toString("utf8"));
}

export async function startPoppler(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

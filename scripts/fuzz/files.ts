// File parts for file inputs: the studio's images (valid, or lying about what they are) and the shared hostile file
// names. Documents of quote requests and deliveries are in documents.ts.
import { bytesOf, type FixtureName } from "../../tests/fixtures/images";
import type { Rng } from "./prng";
import { bytes, describe, text, utf8, type FilePayload, type Payload, type Value } from "./values";

/** What the file makers need of payloads.ts's Payloads: its Rng, fresh markers and hostile values. */
export type HostileSource = { readonly rng: Rng; marker(): number; readonly markerCount: number; hostile(maxLength?: number): Payload };

/** Hostile file names; `n` is the request's marker, `ext` the real image's extension. */
export const FILE_NAMES: ((n: number, ext: string) => string | Value)[] = [
  (_, ext) => `../../../etc/passwd.${ext}`,
  (_, ext) => `..\\..\\windows\\win.${ext}`,
  (_, ext) => `/etc/cron.d/x.${ext}`,
  (_, ext) => `%2e%2e%2fx.${ext}`,
  (n, ext) => `<script>fz${n}</script>.${ext}`,
  (n, ext) => `"><svg onload=fz${n}>.${ext}`,
  (n) => `<fz-${n}>`,
  (_, ext) => `${"A".repeat(5000)}.${ext}`,
  (_, ext) => `翻訳者の写真.${ext}`,
  (_, ext) => `\u202Egnp.${ext}.exe`,
  (_, ext) => `x.${ext}\u0000.html`,
  () => ".htaccess",
  () => "",
  () => " ",
  (_, ext) => `con.${ext}`,
  (_, ext) => `x.php.${ext}`,
  (_, ext) => `photo.${ext}"; name="intent`,
  (_, ext) => `photo.${ext}\r\nContent-Type: text/html`,
  (_, ext) => bytes(...utf8("photo"), 0xff, 0xfe, ...utf8(`.${ext}`)),
  (_, ext) => `${"😀".repeat(300)}.${ext}`,
];

/** The tiny real images of tests/fixtures/images that the studio accepts, with the type a browser would claim. */
const IMAGES: { name: FixtureName; extension: string; type: string }[] = [
  { name: "jpegBaseline", extension: "jpg", type: "image/jpeg" },
  { name: "jpegProgressive", extension: "jpg", type: "image/jpeg" },
  { name: "jpegExifOrientation6", extension: "jpg", type: "image/jpeg" },
  { name: "png", extension: "png", type: "image/png" },
  { name: "webpLossy", extension: "webp", type: "image/webp" },
  { name: "webpLossless", extension: "webp", type: "image/webp" },
  { name: "webpAlpha", extension: "webp", type: "image/webp" },
  { name: "avif", extension: "avif", type: "image/avif" },
];
export const fixture = (name: FixtureName): Value => ({ kind: "bytes", bytes: bytesOf(name) });

/** A PNG signature and IHDR claiming this size (8-bit RGB), without any image data: enough for a header check. */
export function pngHeader(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width >>> 0, 16);
  header.writeUInt32BE(height >>> 0, 20);
  header[24] = 8; // bit depth
  header[25] = 2; // colour type RGB
  return Uint8Array.from(header);
}

/**
 * A hostile file part: wrong bytes under an image's name and type, a cut or oversized image, an empty file, a
 * valid image under a hostile name or Content-Type, or one with markup after its header.
 */
export function hostileImage(source: HostileSource): FilePayload {
  const { rng } = source;
  const category = rng.weighted<string>([
    [5, "wrong-bytes"],
    [3, "truncated"],
    [2, "too-many-pixels"],
    [3, "empty"],
    [5, "hostile-name"],
    [3, "wrong-type"],
    [2, "polyglot"],
    [1, "too-large"],
  ]);
  const image = rng.pick(IMAGES);
  const name = `photo.${image.extension}`;
  switch (category) {
    case "wrong-bytes": {
      const choice = rng.pick<[string, () => Value]>([
        ["gif", () => fixture("gif")],
        ["svg", () => fixture("svg")],
        ["pdf", () => fixture("pdf")],
        ["text", () => text("not an image\n")],
        ["html", () => text(`<html><body><fz-${source.marker()}></body></html>`)],
        ["garbage", () => bytes(...Array.from({ length: rng.int(1, 600) }, () => rng.int(0, 255)))],
        ["hostile", () => source.hostile(4096).value],
        ["png signature only", () => bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
        ["jpeg SOI only", () => bytes(0xff, 0xd8, 0xff)],
        ["RIFF without WEBP", () => text("RIFF\x10\x00\x00\x00AVI LIST")],
        ["ftyp heic", () => bytes(0, 0, 0, 0x18, ...utf8("ftypheic"), 0, 0, 0, 0, ...utf8("mif1heic"))],
      ]);
      const marker = source.markerCount;
      const value = choice[1]();
      return {
        file: { bytes: value, filename: text(name), contentType: image.type },
        label: `file of ${choice[0]} as ${name}`,
        marker: source.markerCount > marker ? source.markerCount : undefined,
      };
    }
    case "truncated": {
      const whole = fixture(image.name) as { kind: "bytes"; bytes: Uint8Array };
      const cut = rng.int(1, Math.max(1, whole.bytes.length - 1));
      return {
        file: { bytes: { kind: "bytes", bytes: whole.bytes.subarray(0, cut) }, filename: text(name), contentType: image.type },
        label: `${image.name} cut at ${cut}`,
      };
    }
    case "too-many-pixels": {
      const choice = rng.pick<[string, Value]>([
        ["pngWide 10000×1", fixture("pngWide")],
        ["png 2147483647×1", { kind: "bytes", bytes: pngHeader(0x7fffffff, 1) }],
        ["png 6001×6001", { kind: "bytes", bytes: pngHeader(6001, 6001) }],
        ["png 0×0", { kind: "bytes", bytes: pngHeader(0, 0) }],
        ["png 4294967295×4294967295", { kind: "bytes", bytes: pngHeader(0xffffffff, 0xffffffff) }],
      ]);
      return { file: { bytes: choice[1], filename: text("photo.png"), contentType: "image/png" }, label: `file ${choice[0]}` };
    }
    case "empty":
      return {
        file: {
          bytes: text(""),
          filename: text(rng.pick(["photo.png", "", "x"])),
          contentType: rng.pick(["image/png", "application/octet-stream", undefined]),
        },
        label: "empty file",
      };
    case "hostile-name": {
      const n = source.marker();
      const choice = rng.pick(FILE_NAMES)(n, image.extension);
      const filename = typeof choice === "string" ? text(choice) : choice;
      const marked = filename.kind !== "bytes" && new RegExp(`fz-?${n}(?!\\d)`).test(filename.text);
      return {
        file: { bytes: fixture(image.name), filename, contentType: image.type },
        label: `${image.name} named ${describe(filename, 40)}`,
        marker: marked ? n : undefined,
      };
    }
    case "wrong-type": {
      const n = source.marker();
      const type = rng.pick([
        "text/html",
        "image/svg+xml",
        "application/x-msdownload",
        "application/octet-stream",
        "",
        "image/png; charset=utf-7",
        `image/png; name="<fz-${n}>"`,
        "text/html; charset=utf-8",
        "image/gif",
        "IMAGE/PNG",
        "x".repeat(3000),
        undefined,
      ]);
      return {
        file: { bytes: fixture(image.name), filename: text(rng.pick([name, "photo.html", "photo.svg", "photo"])), contentType: type },
        label: `${image.name} as ${type === undefined ? "no Content-Type" : JSON.stringify(type.slice(0, 40))}`,
        marker: type?.includes(`fz-${n}`) ? n : undefined,
      };
    }
    case "polyglot": {
      const n = source.marker();
      const tail = Buffer.from(`<script>fz${n}</script><fz-${n}>`, "utf8");
      const whole = fixture(image.name) as { kind: "bytes"; bytes: Uint8Array };
      return {
        file: { bytes: { kind: "bytes", bytes: Uint8Array.from([...whole.bytes, ...tail]) }, filename: text(`photo${n}.html`), contentType: "text/html" },
        label: `${image.name} with markup after it, as text/html`,
        marker: n,
      };
    }
    default: {
      // 5 MB and a byte (the studio's own refusal), or past the route's 11 MB body limit (413 before any route).
      const size = rng.pick([5 * 1024 * 1024 + 1, 11 * 1024 * 1024 + 1]);
      const big = new Uint8Array(size);
      big.set(pngHeader(640, 400));
      return { file: { bytes: { kind: "bytes", bytes: big }, filename: text("photo.png"), contentType: "image/png" }, label: `png of ${size} bytes` };
    }
  }
}

/** What a browser sends for a file input: an empty part when no file is chosen, or a small real image. */
export function plausibleImage(rng: Rng): FilePayload {
  if (rng.chance(0.5)) return { file: { bytes: text(""), filename: text(""), contentType: "application/octet-stream" }, label: "no file" };
  const image = rng.pick(IMAGES);
  return { file: { bytes: fixture(image.name), filename: text(`fuzz-${rng.hex(6)}.${image.extension}`), contentType: image.type }, label: image.name };
}

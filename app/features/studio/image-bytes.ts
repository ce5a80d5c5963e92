/**
 * Recognises an uploaded image by its bytes and reads its pixel dimensions, for the content studio's
 * image uploads. The file name and the declared Content-Type are chosen by the uploader, so neither is
 * trusted: only a JPEG, PNG, WebP or AVIF whose header parses is accepted, and the type we store and
 * serve is the one the bytes prove. Nothing is decoded; headers only, so this stays cheap in a Worker.
 *
 * Every read is bounds-checked against the smallest unit it belongs to (segment, chunk, box), so a
 * hostile or truncated file can only ever produce a refusal, never an exception or an out-of-range read.
 *
 * Hand-written on purpose: image-size mismeasured AVIF files, could not read valid JPEGs the tests hold
 * and accepted broken headers they refuse; file-type adds nothing to these four signatures (docs/decisions/0029).
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024; // 5 MB
export const IMAGE_MAX_SIDE = 6000; // px, each side

export type ImageKind = "jpeg" | "png" | "webp" | "avif";
export type ImageInfo = {
  kind: ImageKind;
  contentType: string;
  extension: "jpg" | "png" | "webp" | "avif";
  width: number;
  height: number;
};
export type ImageRefusal = "empty" | "too-large" | "not-an-image" | "too-many-pixels";

const FORMATS = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
  avif: { contentType: "image/avif", extension: "avif" },
} as const;

/** Stored size, and whether the browser shows it turned a quarter (EXIF orientation / irot). */
type Measured = { kind: ImageKind; width: number; height: number; quarterTurn: boolean };

export function inspectImage(bytes: Uint8Array): { ok: true; image: ImageInfo } | { ok: false; reason: ImageRefusal } {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  // Before any parsing, so an oversized upload costs nothing beyond its length.
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, reason: "too-large" };

  let measured: Measured | null;
  try {
    measured = measure(bytes);
  } catch (error) {
    // Only our own "malformed" signal is a refusal; anything else is a bug and should surface.
    if (error !== MALFORMED) throw error;
    measured = null;
  }
  if (!measured || measured.width < 1 || measured.height < 1) return { ok: false, reason: "not-an-image" };

  // The site writes width/height on <img>, so they must be the displayed size, not the stored one.
  const { kind, quarterTurn } = measured;
  const width = quarterTurn ? measured.height : measured.width;
  const height = quarterTurn ? measured.width : measured.height;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return { ok: false, reason: "too-many-pixels" };
  return { ok: true, image: { kind, ...FORMATS[kind], width, height } };
}

function measure(b: Uint8Array): Measured | null {
  if (b.length >= 8 && PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return png(b);
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (b.length >= 12 && tag(b, 0) === "RIFF" && tag(b, 8) === "WEBP") return webp(b);
  if (b.length >= 8 && tag(b, 4) === "ftyp") return avif(b);
  return null;
}

// ---- bounds-checked reads; all throw MALFORMED rather than read outside `b` ----

const MALFORMED = new Error("malformed image");
function fail(): never {
  throw MALFORMED;
}
function need(b: Uint8Array, at: number, n: number): void {
  if (!(at >= 0 && n >= 0 && at + n <= b.length)) fail();
}
const u8 = (b: Uint8Array, at: number) => (need(b, at, 1), b[at]!);
const u16 = (b: Uint8Array, at: number, le = false) => (need(b, at, 2), le ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!);
const u24le = (b: Uint8Array, at: number) => (need(b, at, 3), b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16));
// Multiplication, not <<, for the top byte: bitwise ops are signed 32-bit.
const u32 = (b: Uint8Array, at: number, le = false) => (le ? u16(b, at, true) + u16(b, at + 2, true) * 0x10000 : u16(b, at) * 0x10000 + u16(b, at + 2));
const tag = (b: Uint8Array, at: number) => (need(b, at, 4), String.fromCharCode(...b.subarray(at, at + 4)));
/** A sub-view that must lie wholly inside `b`: later reads through it are bounded by it. */
const slice = (b: Uint8Array, start: number, end: number) => (need(b, start, end - start), b.subarray(start, end));

// ---- PNG ----

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Colour type → allowed bit depths (PNG spec, table 11.1).
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function png(b: Uint8Array): Measured {
  if (u32(b, 8) !== 13 || tag(b, 12) !== "IHDR") fail();
  const ihdr = slice(b, 16, 29);
  const width = u32(ihdr, 0);
  const height = u32(ihdr, 4);
  const depth = u8(ihdr, 8);
  const colourType = u8(ihdr, 9);
  const valid =
    width <= 0x7fffffff &&
    height <= 0x7fffffff &&
    (PNG_DEPTHS[colourType] ?? []).includes(depth) &&
    u8(ihdr, 10) === 0 &&
    u8(ihdr, 11) === 0 &&
    u8(ihdr, 12) <= 1;
  if (!valid) fail();
  return { kind: "png", width, height, quarterTurn: false };
}

// ---- JPEG ----

function jpeg(b: Uint8Array): Measured {
  let at = 2;
  let orientation = 1;
  for (;;) {
    if (u8(b, at) !== 0xff) fail();
    while (u8(b, at) === 0xff) at++; // any number of fill bytes may precede a marker
    const marker = u8(b, at++);
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length field
    // A stuffed 00, a second SOI, EOI, or a scan before any frame header: not a JPEG we can size.
    // (Stopping at SOS also means we never walk entropy-coded data.)
    if (marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda) fail();
    const length = u16(b, at);
    if (length < 2) fail();
    const segment = slice(b, at + 2, at + length);
    at += length;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC) which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const components = u8(segment, 5);
      if (components < 1 || segment.length < 6 + 3 * components) fail();
      // Orientation 5–8 transpose the image: the browser shows it with the sides swapped.
      return { kind: "jpeg", height: u16(segment, 1), width: u16(segment, 3), quarterTurn: orientation >= 5 };
    }
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(segment);
  }
}

/** EXIF orientation (1–8) from an APP1 segment; 1 for anything else (XMP, or EXIF a browser would ignore). */
function exifOrientation(segment: Uint8Array): number {
  if (segment.length < 6 || tag(segment, 0) !== "Exif" || segment[4] !== 0 || segment[5] !== 0) return 1;
  const tiff = segment.subarray(6);
  try {
    const order = tag(tiff, 0).slice(0, 2);
    if (order !== "II" && order !== "MM") return 1;
    const le = order === "II";
    if (u16(tiff, 2, le) !== 42) return 1;
    const ifd = u32(tiff, 4, le);
    const count = u16(tiff, ifd, le);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + 12 * i;
      if (u16(tiff, entry, le) !== 0x0112) continue;
      const value = u16(tiff, entry + 2, le) === 3 ? u16(tiff, entry + 8, le) : 0; // type SHORT, value inline
      return value >= 1 && value <= 8 ? value : 1;
    }
  } catch (error) {
    // A broken EXIF block inside a complete segment: browsers show the image unrotated, so do we.
    if (error !== MALFORMED) throw error;
  }
  return 1;
}

// ---- WebP ----

function webp(b: Uint8Array): Measured {
  // RIFF states the file's length: a file shorter than that is a truncated upload.
  const riff = slice(b, 12, 8 + u32(b, 4, true));
  const chunk = slice(riff, 8, 8 + u32(riff, 4, true));
  let width: number;
  let height: number;
  switch (tag(riff, 0)) {
    case "VP8 ": {
      // Lossy: a key frame (bit 0 of the frame tag clear) starts with 9d 01 2a, then 14-bit sizes.
      if ((u8(chunk, 0) & 1) !== 0 || u8(chunk, 3) !== 0x9d || u8(chunk, 4) !== 0x01 || u8(chunk, 5) !== 0x2a) fail();
      width = u16(chunk, 6, true) & 0x3fff; // the top two bits are an upscaling hint, not size
      height = u16(chunk, 8, true) & 0x3fff;
      break;
    }
    case "VP8L": {
      if (u8(chunk, 0) !== 0x2f) fail();
      const bits = u32(chunk, 1, true);
      if (bits >>> 29 !== 0) fail(); // version must be 0
      width = (bits & 0x3fff) + 1;
      height = ((bits >>> 14) & 0x3fff) + 1;
      break;
    }
    case "VP8X": {
      width = u24le(chunk, 4) + 1;
      height = u24le(chunk, 7) + 1;
      break;
    }
    default:
      return fail();
  }
  return { kind: "webp", width, height, quarterTurn: false };
}

// ---- AVIF (ISO-BMFF / HEIF) ----

type Box = { type: string; body: Uint8Array };

/** The boxes inside `b`, lazily, so the walk can stop before a large (possibly truncated) mdat. */
function* boxes(b: Uint8Array): Generator<Box> {
  let at = 0;
  while (at < b.length) {
    let size = u32(b, at);
    const type = tag(b, at + 4);
    let header = 8;
    if (size === 1) {
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12); // 64-bit largesize
      header = 16;
    } else if (size === 0) {
      size = b.length - at; // extends to the end of its container
    }
    if (size < header) fail();
    yield { type, body: slice(b, at + header, at + size) };
    at += size;
  }
}

const find = (b: Uint8Array, type: string) => {
  for (const box of boxes(b)) if (box.type === type) return box;
  return undefined;
};
/** A FullBox's children follow its 4 bytes of version and flags. */
const fullBoxBody = (box: Box) => slice(box.body, 4, box.body.length);

function avif(b: Uint8Array): Measured {
  const top = boxes(b);
  const ftyp = top.next();
  if (ftyp.done || ftyp.value.type !== "ftyp") return fail();
  const brandBytes = ftyp.value.body;
  const brands = [tag(brandBytes, 0)]; // major brand; then minor version; then compatible brands
  for (let at = 8; at + 4 <= brandBytes.length; at += 4) brands.push(tag(brandBytes, at));
  if (!brands.includes("avif") && !brands.includes("avis")) fail();

  let meta: Box | undefined;
  for (const box of top) {
    if (box.type === "meta") {
      meta = box;
      break;
    }
  }
  if (!meta) return fail();
  const metaBody = fullBoxBody(meta);
  const iprp = find(metaBody, "iprp") ?? fail();
  const ipco = find(iprp.body, "ipco") ?? fail();
  const properties = [...boxes(ipco.body)];
  const extents = (box: Box) => ({ width: u32(box.body, 4), height: u32(box.body, 8) }); // after version/flags

  const pitm = find(metaBody, "pitm");
  const primary = pitm && (u8(pitm.body, 0) === 0 ? u16(pitm.body, 4) : u32(pitm.body, 4));
  const associated: Box[] = [];
  for (const ipma of boxes(iprp.body)) {
    if (ipma.type !== "ipma") continue;
    const version = u8(ipma.body, 0);
    const wideIndexes = (u8(ipma.body, 3) & 1) === 1; // flags bit 0: 15-bit indexes instead of 7-bit
    const entries = u32(ipma.body, 4);
    let at = 8;
    for (let e = 0; e < entries; e++) {
      const item = version < 1 ? u16(ipma.body, at) : u32(ipma.body, at);
      at += version < 1 ? 2 : 4;
      const count = u8(ipma.body, at++);
      for (let a = 0; a < count; a++) {
        const index = wideIndexes ? u16(ipma.body, at) & 0x7fff : u8(ipma.body, at) & 0x7f; // top bit: essential
        at += wideIndexes ? 2 : 1;
        const property = properties[index - 1]; // 1-based; 0 means "no property"
        if (item === primary && property) associated.push(property);
      }
    }
  }

  const ispe = associated.find((p) => p.type === "ispe");
  if (ispe) {
    const irot = associated.find((p) => p.type === "irot");
    const angle = irot ? u8(irot.body, 0) & 3 : 0; // anticlockwise quarter turns
    return { kind: "avif", ...extents(ispe), quarterTurn: angle === 1 || angle === 3 };
  }
  // No resolvable primary item: the largest image in the file is the best guess at what is shown
  // (smaller ones are grid tiles, thumbnails or alpha planes); a rotation cannot be attributed to it.
  let largest: { width: number; height: number } | undefined;
  for (const property of properties) {
    if (property.type !== "ispe") continue;
    const size = extents(property);
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  if (!largest) return fail();
  return { kind: "avif", ...largest, quarterTurn: false };
}

// What the inspectImage tests share: the sample files sharp made (fixtures/images) with what each is, and byte
// builders for the headers sharp cannot produce (hostile, truncated or oversized ones), format by format.
import { inspectImage, type ImageInfo } from "~/features/studio/image-bytes";
import type { FixtureName } from "../fixtures/images";

export const JPEG = { kind: "jpeg", contentType: "image/jpeg", extension: "jpg" } as const;
const PNG = { kind: "png", contentType: "image/png", extension: "png" } as const;
const WEBP = { kind: "webp", contentType: "image/webp", extension: "webp" } as const;
const AVIF = { kind: "avif", contentType: "image/avif", extension: "avif" } as const;

export const VALID: [FixtureName, ImageInfo][] = [
  ["jpegBaseline", { ...JPEG, width: 3, height: 2 }],
  ["jpegProgressive", { ...JPEG, width: 5, height: 4 }],
  ["jpegExifOrientation6", { ...JPEG, width: 3, height: 8 }], // stored 8×3, displayed turned a quarter
  ["png", { ...PNG, width: 7, height: 5 }],
  ["webpLossy", { ...WEBP, width: 9, height: 6 }],
  ["webpLossless", { ...WEBP, width: 11, height: 4 }],
  ["webpAlpha", { ...WEBP, width: 6, height: 13 }],
  ["avif", { ...AVIF, width: 12, height: 10 }],
];

// ---- byte builders for headers sharp cannot produce ----

export type Bytes = number[];
export const ascii = (text: string): Bytes => [...text].map((char) => char.charCodeAt(0));
export const be16 = (n: number): Bytes => [(n >>> 8) & 255, n & 255];
export const be32 = (n: number): Bytes => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number): Bytes => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): Bytes => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
export const le32 = (n: number): Bytes => [...le16(n & 0xffff), ...le16(n >>> 16)];
export const u8a = (...parts: Bytes[]) => new Uint8Array(parts.flat());
export const inspect = (...parts: Bytes[]) => inspectImage(u8a(...parts));
export const size = (result: ReturnType<typeof inspectImage>) =>
  result.ok ? `${result.image.kind} ${result.image.width}x${result.image.height}` : result.reason;

// JPEG: segments spliced between SOI and a frame header.
export const segment = (marker: number, body: Bytes): Bytes => [0xff, marker, ...be16(body.length + 2), ...body];
export const sof = (marker: number, width: number, height: number): Bytes =>
  segment(marker, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
export const jpeg = (...parts: Bytes[]): Bytes => [0xff, 0xd8, ...parts.flat(), 0xff, 0xd9];
export function exif(orientation: number, order: "II" | "MM" = "II"): Bytes {
  const [w16, w32] = order === "II" ? [le16, le32] : [be16, be32];
  // TIFF header, IFD0 at 8 with two entries (a decoy tag first), no next IFD.
  const entry = (tag: number, type: number, value: Bytes) => [...w16(tag), ...w16(type), ...w32(1), ...value];
  const tiff = [
    ...ascii(order),
    ...w16(42),
    ...w32(8),
    ...w16(2),
    ...entry(0x010f, 2, [0x41, 0, 0, 0]),
    ...entry(0x0112, 3, [...w16(orientation), 0, 0]),
    ...w32(0),
  ];
  return segment(0xe1, [...ascii("Exif"), 0, 0, ...tiff]);
}

// PNG: signature + IHDR.
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const ihdr = (width: number, height: number, depth = 8, colourType = 2): Bytes => [
  ...PNG_SIGNATURE,
  ...be32(13),
  ...ascii("IHDR"),
  ...be32(width),
  ...be32(height),
  depth,
  colourType,
  0,
  0,
  0,
  0,
  0,
  0,
  0, // CRC, not checked
];

// WebP: RIFF with one chunk.
export function riff(fourcc: string, payload: Bytes): Bytes {
  const chunk = [...ascii(fourcc), ...le32(payload.length), ...payload, ...(payload.length % 2 ? [0] : [])];
  return [...ascii("RIFF"), ...le32(4 + chunk.length), ...ascii("WEBP"), ...chunk];
}
export const vp8x = (width: number, height: number) => riff("VP8X", [0x10, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
export const vp8 = (width: number, height: number, frameTag = 0x10) => riff("VP8 ", [frameTag, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)]);

// AVIF: ISO-BMFF boxes.
export const box = (type: string, ...body: Bytes[]): Bytes => [...be32(8 + body.flat().length), ...ascii(type), ...body.flat()];
export const fullBox = (type: string, version: number, flags: number, ...body: Bytes[]) => box(type, [version, ...be32(flags).slice(1)], ...body);
export const ftyp = (major = "avif", compatible = ["mif1", "miaf"]) => box("ftyp", ascii(major), be32(0), ...compatible.map(ascii));
export const ispe = (width: number, height: number) => fullBox("ispe", 0, 0, be32(width), be32(height));
export const irot = (angle: number) => box("irot", [angle]);
export const pitm = (item: number, version = 0) => fullBox("pitm", version, 0, version === 0 ? be16(item) : be32(item));
/** ipma with [item, [property index, essential]...] entries, encoded as version/flags say. */
export function ipma(version: number, flags: number, entries: [number, number[]][]): Bytes {
  const body = entries.flatMap(([item, indexes]) => [
    ...(version === 0 ? be16(item) : be32(item)),
    indexes.length,
    ...indexes.flatMap((index) => (flags & 1 ? be16(index | 0x8000) : [index | 0x80])), // marked essential
  ]);
  return fullBox("ipma", version, flags, be32(entries.length), body);
}
export const meta = (...children: Bytes[]) => fullBox("meta", 0, 0, ...children);
export const iprp = (properties: Bytes[], ...ipmas: Bytes[]) => box("iprp", box("ipco", ...properties), ...ipmas);
export const avif = (...topLevel: Bytes[]) => u8a(ftyp(), ...topLevel, box("mdat", [1, 2, 3]));

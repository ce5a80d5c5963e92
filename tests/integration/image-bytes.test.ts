// inspectImage: an upload is recognised by its bytes alone, measured as the browser will display it, and
// anything else (other formats, truncated or hostile headers, oversized files or images) is refused
// without an exception. Runs inside workerd, the runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, inspectImage, type ImageInfo } from "~/features/studio/image-bytes";
import { bytesOf, type FixtureName } from "../fixtures/images";

const JPEG = { kind: "jpeg", contentType: "image/jpeg", extension: "jpg" } as const;
const PNG = { kind: "png", contentType: "image/png", extension: "png" } as const;
const WEBP = { kind: "webp", contentType: "image/webp", extension: "webp" } as const;
const AVIF = { kind: "avif", contentType: "image/avif", extension: "avif" } as const;

const VALID: [FixtureName, ImageInfo][] = [
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

type Bytes = number[];
const ascii = (text: string): Bytes => [...text].map((char) => char.charCodeAt(0));
const be16 = (n: number): Bytes => [(n >>> 8) & 255, n & 255];
const be32 = (n: number): Bytes => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number): Bytes => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): Bytes => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const le32 = (n: number): Bytes => [...le16(n & 0xffff), ...le16(n >>> 16)];
const u8a = (...parts: Bytes[]) => new Uint8Array(parts.flat());
const inspect = (...parts: Bytes[]) => inspectImage(u8a(...parts));
const size = (result: ReturnType<typeof inspectImage>) => (result.ok ? `${result.image.kind} ${result.image.width}x${result.image.height}` : result.reason);

// JPEG: segments spliced between SOI and a frame header.
const segment = (marker: number, body: Bytes): Bytes => [0xff, marker, ...be16(body.length + 2), ...body];
const sof = (marker: number, width: number, height: number): Bytes =>
  segment(marker, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const jpeg = (...parts: Bytes[]): Bytes => [0xff, 0xd8, ...parts.flat(), 0xff, 0xd9];
function exif(orientation: number, order: "II" | "MM" = "II"): Bytes {
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
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = (width: number, height: number, depth = 8, colourType = 2): Bytes => [
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
function riff(fourcc: string, payload: Bytes): Bytes {
  const chunk = [...ascii(fourcc), ...le32(payload.length), ...payload, ...(payload.length % 2 ? [0] : [])];
  return [...ascii("RIFF"), ...le32(4 + chunk.length), ...ascii("WEBP"), ...chunk];
}
const vp8x = (width: number, height: number) => riff("VP8X", [0x10, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
const vp8 = (width: number, height: number, frameTag = 0x10) => riff("VP8 ", [frameTag, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)]);

// AVIF: ISO-BMFF boxes.
const box = (type: string, ...body: Bytes[]): Bytes => [...be32(8 + body.flat().length), ...ascii(type), ...body.flat()];
const fullBox = (type: string, version: number, flags: number, ...body: Bytes[]) => box(type, [version, ...be32(flags).slice(1)], ...body);
const ftyp = (major = "avif", compatible = ["mif1", "miaf"]) => box("ftyp", ascii(major), be32(0), ...compatible.map(ascii));
const ispe = (width: number, height: number) => fullBox("ispe", 0, 0, be32(width), be32(height));
const irot = (angle: number) => box("irot", [angle]);
const pitm = (item: number, version = 0) => fullBox("pitm", version, 0, version === 0 ? be16(item) : be32(item));
/** ipma with [item, [property index, essential]...] entries, encoded as version/flags say. */
function ipma(version: number, flags: number, entries: [number, number[]][]): Bytes {
  const body = entries.flatMap(([item, indexes]) => [
    ...(version === 0 ? be16(item) : be32(item)),
    indexes.length,
    ...indexes.flatMap((index) => (flags & 1 ? be16(index | 0x8000) : [index | 0x80])), // marked essential
  ]);
  return fullBox("ipma", version, flags, be32(entries.length), body);
}
const meta = (...children: Bytes[]) => fullBox("meta", 0, 0, ...children);
const iprp = (properties: Bytes[], ...ipmas: Bytes[]) => box("iprp", box("ipco", ...properties), ...ipmas);
const avif = (...topLevel: Bytes[]) => u8a(ftyp(), ...topLevel, box("mdat", [1, 2, 3]));

describe("inspectImage: real files made by sharp", () => {
  for (const [name, image] of VALID) {
    it(`${name} is ${image.kind} ${image.width}×${image.height}`, () => {
      expect(inspectImage(bytesOf(name))).toEqual({ ok: true, image });
    });
  }

  it("refuses a 10000×1 PNG, however few bytes it takes, as too many pixels", () => {
    expect(bytesOf("pngWide").length).toBeLessThan(1000);
    expect(inspectImage(bytesOf("pngWide"))).toEqual({ ok: false, reason: "too-many-pixels" });
  });

  it("refuses a GIF, an SVG and a PDF as not an image (the caller's file name plays no part)", () => {
    for (const name of ["gif", "svg", "pdf"] as const) {
      expect(inspectImage(bytesOf(name)), name).toEqual({ ok: false, reason: "not-an-image" });
    }
    // A PDF behind a JPEG start-of-image marker is still not a JPEG.
    expect(inspect([0xff, 0xd8], [...bytesOf("pdf")])).toEqual({ ok: false, reason: "not-an-image" });
  });
});

describe("inspectImage: size limits", () => {
  it("refuses no bytes as empty", () => {
    expect(inspectImage(new Uint8Array(0))).toEqual({ ok: false, reason: "empty" });
  });

  it("refuses one byte over 5 MB as too large before looking at it, and accepts exactly 5 MB", () => {
    const jpegHead = bytesOf("jpegBaseline");
    const over = new Uint8Array(IMAGE_MAX_BYTES + 1);
    over.set(jpegHead);
    expect(inspectImage(over)).toEqual({ ok: false, reason: "too-large" });
    expect(inspectImage(new Uint8Array(IMAGE_MAX_BYTES + 1))).toEqual({ ok: false, reason: "too-large" });
    expect(inspectImage(over.subarray(0, IMAGE_MAX_BYTES))).toEqual({ ok: true, image: { ...JPEG, width: 3, height: 2 } });
  });

  it(`allows ${IMAGE_MAX_SIDE} px on a side and refuses one more, in every format, after any rotation`, () => {
    const max = IMAGE_MAX_SIDE;
    const cases: [Uint8Array, string][] = [
      [u8a(jpeg(sof(0xc0, max, 1))), `jpeg ${max}x1`],
      [u8a(jpeg(sof(0xc0, 1, max + 1))), "too-many-pixels"],
      [u8a(jpeg(exif(6), sof(0xc0, max + 1, 1))), "too-many-pixels"],
      [u8a(ihdr(max, max)), `png ${max}x${max}`],
      [u8a(ihdr(max + 1, 1)), "too-many-pixels"],
      [u8a(ihdr(1, max + 1)), "too-many-pixels"],
      [u8a(vp8x(max, 2)), `webp ${max}x2`],
      [u8a(vp8x(2, max + 1)), "too-many-pixels"],
      [u8a(vp8(max + 1, 2)), "too-many-pixels"],
      [avif(meta(pitm(1), iprp([ispe(max, 3)], ipma(0, 0, [[1, [1]]])))), `avif ${max}x3`],
      [avif(meta(pitm(1), iprp([ispe(3, max + 1), irot(1)], ipma(0, 0, [[1, [1, 2]]])))), "too-many-pixels"],
    ];
    for (const [bytes, expected] of cases) expect(size(inspectImage(bytes))).toBe(expected);
  });
});

describe("inspectImage: JPEG", () => {
  it("swaps the sides for EXIF orientations 5–8 only, in either byte order", () => {
    for (const order of ["II", "MM"] as const) {
      for (let orientation = 1; orientation <= 8; orientation++) {
        const expected = orientation >= 5 ? "jpeg 3x8" : "jpeg 8x3";
        expect(size(inspect(jpeg(exif(orientation, order), sof(0xc0, 8, 3)))), `${order} ${orientation}`).toBe(expected);
      }
    }
  });

  it("ignores an orientation a browser would ignore: out of range, broken EXIF, or not EXIF at all", () => {
    const broken = exif(6).slice(0, 4 + 6 + 8); // TIFF header pointing at an IFD beyond the segment
    broken[3] = broken.length - 2;
    const xmp = segment(0xe1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"));
    for (const app1 of [exif(0), exif(9), broken, xmp]) expect(size(inspect(jpeg(app1, sof(0xc0, 8, 3))))).toBe("jpeg 8x3");
  });

  it("walks fill bytes, standalone markers and non-frame segments in the SOF range to the frame header", () => {
    const decoys = [0xc4, 0xc8, 0xcc].map((marker) => segment(marker, [8, ...be16(999), ...be16(999), 1, 1, 0x11, 0]));
    const standalone = [0xff, 0x01, 0xff, 0xd0];
    expect(size(inspect(jpeg(...decoys, standalone, [0xff, 0xff, 0xff], sof(0xc0, 40, 30))))).toBe("jpeg 40x30");
  });

  it("reads every kind of frame header (SOF0–SOF15 bar C4, C8, CC)", () => {
    for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      expect(size(inspect(jpeg(sof(marker, 17, 19)))), marker.toString(16)).toBe("jpeg 17x19");
    }
  });

  it("refuses a JPEG without a readable frame header before its scan or end", () => {
    const refused = [
      jpeg(segment(0xda, [1, 1, 0, 0, 0x3f, 0]), sof(0xc0, 8, 3)), // scan before frame
      [0xff, 0xd8, 0xff, 0xd9], // nothing but SOI/EOI
      jpeg(sof(0xc0, 8, 0)), // height 0 (a DNL marker image)
      jpeg(sof(0xc0, 0, 3)),
      jpeg(segment(0xc0, [8, 0, 3, 0, 8, 0])), // no components
      jpeg([0x01], sof(0xc0, 8, 3)), // a stray byte (TEM's code, without its FF) where a marker must be
      jpeg([0xff, 0xe0, 0, 1], sof(0xc0, 8, 3)), // a segment length below 2
      jpeg([0xff, 0xe0, 0xff, 0xff]), // a segment running past the end
    ];
    for (const bytes of refused) expect(inspect(bytes)).toEqual({ ok: false, reason: "not-an-image" });
  });
});

describe("inspectImage: PNG and WebP headers", () => {
  it("refuses a zero side, a first chunk other than IHDR, or an impossible IHDR", () => {
    const idat = [...PNG_SIGNATURE, ...be32(13), ...ascii("IDAT"), ...ihdr(7, 5).slice(16)];
    const wrongLength = ihdr(7, 5);
    wrongLength[11] = 12;
    for (const bytes of [ihdr(0, 5), ihdr(5, 0), idat, wrongLength, ihdr(7, 5, 3), ihdr(7, 5, 16, 3), ihdr(2 ** 31, 1)]) {
      expect(inspect(bytes)).toEqual({ ok: false, reason: "not-an-image" });
    }
    expect(size(inspect(ihdr(7, 5, 1, 0)))).toBe("png 7x5");
  });

  it("reads lossy sizes without their scaling bits, and refuses what is not a lossy key frame", () => {
    expect(size(inspect(vp8(0xc000 | 9, 0x4000 | 6)))).toBe("webp 9x6");
    const badStart = vp8(9, 6);
    badStart[23] = 0x9c;
    for (const bytes of [vp8(9, 6, 0x11), badStart, vp8(0, 6)]) expect(inspect(bytes)).toEqual({ ok: false, reason: "not-an-image" });
  });

  it("refuses a lossless header with a wrong signature or version, an unknown first chunk, or a short RIFF", () => {
    const lossless = (signature: number, bits: number) => riff("VP8L", [signature, ...le32(bits)]);
    expect(size(inspect(lossless(0x2f, 10 | (3 << 14))))).toBe("webp 11x4");
    const shortRiff = vp8x(6, 13);
    shortRiff[4] = 3;
    const refused = [lossless(0x2e, 10 | (3 << 14)), lossless(0x2f, (1 << 29) | 10), riff("ALPH", [0, 0, 0, 0]), shortRiff];
    for (const bytes of refused) expect(inspect(bytes)).toEqual({ ok: false, reason: "not-an-image" });
  });
});

describe("inspectImage: AVIF boxes", () => {
  it("takes the primary item's ispe, not the first or the largest", () => {
    const properties = [ispe(300, 300), ispe(200, 50)];
    expect(
      size(
        inspectImage(
          avif(
            meta(
              pitm(2),
              iprp(
                properties,
                ipma(0, 0, [
                  [1, [1]],
                  [2, [2]],
                ]),
              ),
            ),
          ),
        ),
      ),
    ).toBe("avif 200x50");
  });

  it("applies the primary item's irot: a quarter turn either way swaps the sides, a half turn does not", () => {
    const rotated = (angle: number, item = 1) =>
      avif(
        meta(
          pitm(1),
          iprp(
            [ispe(40, 30), irot(angle)],
            ipma(0, 0, [
              [1, [1]],
              [item, [2]],
            ]),
          ),
        ),
      );
    expect([0, 1, 2, 3].map((angle) => size(inspectImage(rotated(angle))))).toEqual(["avif 40x30", "avif 30x40", "avif 40x30", "avif 30x40"]);
    expect(size(inspectImage(rotated(1, 7)))).toBe("avif 40x30"); // another item's rotation
  });

  it("reads 32-bit item ids (ipma version 1, pitm version 1) and 15-bit property indexes (flags 1)", () => {
    const filler = Array.from({ length: 199 }, () => box("pixi", [0, 0, 0, 0, 1, 8]));
    // Indexes 200 and 201. The decoy is the larger, so misreading the primary's association and falling
    // back to the largest ispe shows up; item 2 shares the primary's low 16 bits.
    const properties = [...filler, ispe(640, 480), ispe(1280, 960)];
    const file = avif(
      meta(
        pitm(0x10002, 1),
        iprp(
          properties,
          ipma(1, 1, [
            [2, [201]],
            [0x10002, [200]],
          ]),
        ),
      ),
    );
    expect(size(inspectImage(file))).toBe("avif 640x480");
  });

  it("falls back to the largest ispe when the primary item cannot be resolved", () => {
    const properties = [ispe(64, 48), ispe(640, 480), ispe(320, 240)];
    const noPitm = avif(meta(iprp(properties, ipma(0, 0, [[1, [1]]]))));
    const unassociated = avif(meta(pitm(9), iprp([...properties, irot(1)], ipma(0, 0, [[1, [1, 4]]]))));
    expect([noPitm, unassociated].map((file) => size(inspectImage(file)))).toEqual(["avif 640x480", "avif 640x480"]);
  });

  it("accepts avif or avis as the major or a compatible brand, and nothing else", () => {
    const body = meta(pitm(1), iprp([ispe(5, 6)], ipma(0, 0, [[1, [1]]])));
    expect(size(inspect(ftyp("mif1", ["miaf", "avif"]), body))).toBe("avif 5x6");
    expect(size(inspect(ftyp("avis", ["msf1"]), body))).toBe("avif 5x6");
    expect(inspect(ftyp("heic", ["mif1", "heic"]), body)).toEqual({ ok: false, reason: "not-an-image" });
    expect(inspect(box("free", []), ftyp(), body)).toEqual({ ok: false, reason: "not-an-image" }); // ftyp not first
  });

  it("follows 64-bit box sizes and a last box that runs to the end of the file", () => {
    const body = [...pitm(1), ...iprp([ispe(5, 6)], ipma(0, 0, [[1, [1]]]))];
    const metaLarge = [...be32(1), ...ascii("meta"), 0, 0, 0, 0, ...be32(16 + 4 + body.length), 0, 0, 0, 0, ...body];
    const freeLarge = [...be32(1), ...ascii("free"), ...be32(0), ...be32(16 + 3), 7, 7, 7];
    expect(size(inspect(ftyp(), freeLarge, metaLarge))).toBe("avif 5x6");
    const metaToEnd = [...be32(0), ...ascii("meta"), 0, 0, 0, 0, ...body];
    expect(size(inspect(ftyp(), metaToEnd))).toBe("avif 5x6");
    const huge = [...be32(1), ...ascii("free"), ...be32(1), ...be32(0)]; // 4 GiB: runs past the file
    expect(inspect(ftyp(), huge, metaLarge)).toEqual({ ok: false, reason: "not-an-image" });
  });

  it("refuses malformed or missing boxes instead of throwing", () => {
    const props = iprp([ispe(5, 6)], ipma(0, 0, [[1, [1]]]));
    const shortIspe = iprp([box("ispe", [0, 0, 0, 0, 0, 0, 0, 5])], ipma(0, 0, [[1, [1]]]));
    const lyingIpma = iprp([ispe(5, 6)], fullBox("ipma", 0, 0, be32(1000), [0, 1, 1, 0x81]));
    const tooSmall = [...be32(4), ...ascii("free")];
    const refused = [
      avif(), // no meta
      avif(meta(pitm(1))), // no iprp
      avif(meta(pitm(1), box("iprp", box("ipco", ipma(0, 0, []))))), // no ispe at all
      avif(meta(pitm(1), shortIspe)),
      avif(meta(pitm(1), lyingIpma)),
      avif(box("meta", [0, 0])), // too short for version and flags
      u8a(ftyp(), tooSmall, meta(pitm(1), props)),
      u8a(ftyp(), [...be32(9999), ...ascii("meta"), ...meta(pitm(1), props).slice(8)]),
      avif(meta(pitm(1), iprp([ispe(0, 6)], ipma(0, 0, [[1, [1]]])))), // zero width
    ];
    for (const bytes of refused) expect(inspectImage(bytes)).toEqual({ ok: false, reason: "not-an-image" });
  });
});

describe("inspectImage: truncated and random bytes never throw", () => {
  const handBuilt: [string, Uint8Array][] = [
    ["jpeg with EXIF MM", u8a(jpeg(exif(8, "MM"), [0xff, 0xff], sof(0xc2, 8, 3)))],
    ["avif 32-bit ids", avif(meta(pitm(0x10002, 1), iprp([ispe(5, 6), irot(3)], ipma(1, 1, [[0x10002, [1, 2]]]))))],
  ];
  const all: [string, Uint8Array][] = [...VALID.map(([name]) => [name, bytesOf(name)] as [string, Uint8Array]), ["pngWide", bytesOf("pngWide")], ...handBuilt];

  it("answers every prefix of every valid file with the full file's answer or not-an-image", () => {
    for (const [name, bytes] of all) {
      const full = size(inspectImage(bytes));
      expect(full, name).not.toBe("not-an-image");
      const answers = new Set<string>();
      for (let length = 1; length <= bytes.length; length++) answers.add(size(inspectImage(bytes.subarray(0, length))));
      answers.delete("not-an-image");
      expect([...answers], name).toEqual([full]); // and at least the whole file is accepted
      expect(inspectImage(bytes.subarray(0, 0))).toEqual({ ok: false, reason: "empty" });
    }
  });

  /** mulberry32: a tiny seeded PRNG, so a failure here reproduces. */
  function prng(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const expectSane = (result: ReturnType<typeof inspectImage>) => {
    if (result.ok) {
      expect(result.image.width).toBeGreaterThanOrEqual(1);
      expect(result.image.height).toBeGreaterThanOrEqual(1);
      expect(Math.max(result.image.width, result.image.height)).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
    } else {
      expect(["not-an-image", "too-many-pixels"]).toContain(result.reason);
    }
  };

  it("answers 200 random buffers, and 200 more behind each format's signature", () => {
    const random = prng(0x5eed);
    const buffer = (prefix: Bytes) => {
      const bytes = new Uint8Array(prefix.length + Math.floor(random() * 600) + 1);
      bytes.set(prefix);
      for (let i = prefix.length; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
      return bytes;
    };
    const prefixes = [[], [0xff, 0xd8, 0xff], PNG_SIGNATURE, [...ascii("RIFF"), 0, 1, 0, 0, ...ascii("WEBP")], [0, 0, 0, 0x18, ...ascii("ftypavif")]];
    let accepted = 0;
    for (const prefix of prefixes) {
      for (let i = 0; i < 200; i++) {
        const result = inspectImage(buffer(prefix));
        expectSane(result);
        if (prefix.length === 0) expect(result).toEqual({ ok: false, reason: "not-an-image" });
        if (result.ok) accepted++;
      }
    }
    expect(accepted).toBeLessThan(400); // random bytes are, overwhelmingly, not images
  });

  it("answers every valid file with random bytes corrupted, 200 times each", () => {
    const random = prng(42);
    for (const [, original] of all) {
      for (let i = 0; i < 200; i++) {
        const bytes = original.slice();
        const flips = 1 + Math.floor(random() * 4);
        for (let f = 0; f < flips; f++) bytes[Math.floor(random() * Math.min(bytes.length, 400))] = Math.floor(random() * 256);
        expectSane(inspectImage(bytes));
      }
    }
  });
});

// inspectImage on hand-built JPEG, PNG and WebP headers: the orientation a browser applies, every kind of frame
// header, and truncated or hostile headers refused as not an image, without an exception. Runs inside workerd, the
// runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { ascii, be16, be32, le32, inspect, size, segment, sof, jpeg, exif, PNG_SIGNATURE, ihdr, riff, vp8x, vp8 } from "./image-bytes-helpers";

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

// inspectImage on the sample files sharp made, and its size limits: an upload is recognised by its bytes alone,
// measured as the browser will display it (after any rotation), and files or images too large are refused without
// an exception. Runs inside workerd, the runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, inspectImage } from "~/features/studio/image-bytes";
import { bytesOf } from "../fixtures/images";
import { JPEG, VALID, u8a, inspect, size, sof, jpeg, exif, ihdr, vp8x, vp8, ispe, irot, pitm, ipma, meta, iprp, avif } from "./image-bytes-helpers";

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

// inspectImage never throws: every prefix of every valid file, random buffers (alone and behind each format's
// signature) and corrupted files each get an answer, and an accepted size is always within the limits. Runs
// inside workerd, the runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_SIDE, inspectImage } from "~/features/studio/image-bytes";
import { bytesOf } from "../fixtures/images";
import { VALID, type Bytes, ascii, u8a, size, sof, jpeg, exif, PNG_SIGNATURE, ispe, irot, pitm, ipma, meta, iprp, avif } from "./image-bytes-helpers";

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

// inspectImage on hand-built AVIF (ISO-BMFF) boxes: the primary item's size and rotation, however the boxes encode
// them, and malformed or missing boxes refused as not an image, without an exception. Runs inside workerd, the
// runtime the upload handler runs in.
import { describe, expect, it } from "vitest";
import { inspectImage } from "~/features/studio/image-bytes";
import { ascii, be32, u8a, inspect, size, box, fullBox, ftyp, ispe, irot, pitm, ipma, meta, iprp, avif } from "./image-bytes-helpers";

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

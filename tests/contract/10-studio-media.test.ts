// The content studio's media store through the Supabase adapter (docs/decisions/0015): put and remove on the
// public Storage bucket — the exact requests, the service role on each, and what the bucket holds after them.
import { beforeEach, describe, expect, it } from "vitest";
import { backendFor, double, pathOf, step, who } from "./helpers";

beforeEach(() => double.reset());

describe("media: Storage with the service role", () => {
  const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 1, 2, 3, 4]);

  it("put uploads the bytes to <bucket>/<Folder>/<file> with their type, never replacing an object; the public URL serves them", async () => {
    const file = `services-${crypto.randomUUID()}.webp`;
    const media = backendFor().media;
    const { requests } = await step(() => media.put("Services", file, bytes, "image/webp"));
    expect(who(requests)).toEqual(["storage.object.upload service"]);
    expect(requests[0]).toMatchObject({ method: "POST", status: 200 });
    expect(pathOf(requests[0]!)).toBe(`/storage/v1/object/media/Services/${file}`);
    expect(await double.object(`Services/${file}`)).toEqual({ contentType: "image/webp", bytes });
    expect((await double.objects()).find((object) => object.name === `Services/${file}`)).toMatchObject({
      cacheControl: "max-age=3600",
      size: bytes.length,
      seeded: false,
    });

    const served = await step(() => fetch(media.url("Services", file)));
    expect(served.shapes).toEqual(["storage.object.public"]);
    expect(new Uint8Array(await served.result.arrayBuffer())).toEqual(bytes);
  });

  it("put of a name the bucket holds fails with Storage's message, and the object stays as it was", async () => {
    const before = await double.objects();
    const attempt = step(() => backendFor().media.put("Home", "homecover.webp", bytes, "image/png"));
    await expect(attempt).rejects.toThrow("The resource already exists");
    expect(await double.objects()).toEqual(before);
    expect((await double.object("Home/homecover.webp"))?.contentType).toBe("image/webp");
  });

  it("remove deletes every listed file in one call; a file already gone is no error; nothing to remove, no call", async () => {
    const media = backendFor().media;
    const file = `home-${crypto.randomUUID()}.png`;
    await media.put("Home", file, bytes, "image/png");
    const before = (await double.objects()).length;

    const { requests } = await step(() =>
      media.remove([
        { folder: "Home", file },
        { folder: "Aboutus", file: "team-meeting.webp" },
        { folder: "Services", file: "gone.webp" },
      ]),
    );
    expect(who(requests)).toEqual(["storage.object.remove service"]);
    expect(requests[0]).toMatchObject({ method: "DELETE", status: 200 });
    expect(pathOf(requests[0]!)).toBe("/storage/v1/object/media");
    expect(await double.object(`Home/${file}`)).toBeNull();
    expect(await double.object("Aboutus/team-meeting.webp")).toBeNull();
    expect((await double.objects()).length).toBe(before - 2);

    expect((await step(() => media.remove([]))).requests).toEqual([]);
  });
});

// The port's contract for the content studio (docs/decisions/0015): StudioStore and MediaStore.put/remove, as seen
// through the port. Called from both tests/port-contract/d1.test.ts and supabase.test.ts, so the D1 adapter (one
// batch per change) and the Supabase adapter (one SQL function call per change) are held to the same behaviour.
// It needs the sample content (a company and an about row, services); it changes the company and about rows, and
// otherwise works on services it creates itself.
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaFolder } from "~/domain/content";
import { VERSIONS_KEPT, type CompanyFields, type ServiceFields, type StoredImage } from "~/domain/studio";
import { ORIGIN, unique, type ContractTarget } from "./target";

export type StudioContractTarget = ContractTarget & {
  /** An object of the media store as stored (its bytes and type), or null when the store does not hold it. */
  stored: (folder: MediaFolder, file: string) => Promise<{ bytes: Uint8Array; contentType: string } | null>;
};

const ADMIN = "admin@example.com";
const image = (folder = "services"): StoredImage => ({ file: `${unique(folder)}.webp`, alt: `Image ${unique("alt")}`, width: 640, height: 400 });
const service = (title = unique("Service"), photo: StoredImage | null = image()): ServiceFields => ({
  title,
  description: `${title}, described`,
  photo,
  translations: { ar: { title: `خدمة ${title}`, description: "وصفها" } },
  offersCalls: true,
});

export function describeStudioContract(target: StudioContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Website`));
  const studio = () => backend().studio;

  describe(`the content studio — ${target.name} adapter`, () => {
    beforeAll(() => target.prepare());

    describe("saving a record", () => {
      it("saves on the version it was based on: version + 1, the public pages and the studio read the new state", async () => {
        const current = (await studio().company())!;
        const fields: CompanyFields = {
          ...current.fields,
          title: unique("PUSH"),
          instagram: "https://www.instagram.com/push.new",
          homeCover: { file: `${unique("home")}.webp`, alt: "The new cover", width: 1600, height: 900 },
        };
        const saved = await studio().save("company", current.id, fields, current.version, ADMIN);
        expect(saved).toEqual({ ok: true, version: current.version + 1, orphans: [] });
        expect(await studio().company()).toEqual({ id: current.id, version: current.version + 1, fields });
        const page = await backend().content.company();
        expect(page).toMatchObject({ title: fields.title, instagram: "https://www.instagram.com/push.new" });
        expect(page?.homeCover).toMatchObject({ alt: "The new cover", width: 1600, height: 900 });
        expect(page?.homeCover?.url).toMatch(new RegExp(`/Home/${fields.homeCover!.file}$`));
      });

      it("keeps the state it replaced (saved by nobody when it predates the studio) and the new one (saved by the admin)", async () => {
        const before = (await studio().about())!;
        const fields = { ...before.fields, description: unique("About us") };
        expect(await studio().save("about", before.id, fields, before.version, ADMIN)).toMatchObject({ ok: true, version: before.version + 1 });
        const history = await studio().history("about", before.id);
        expect(history.slice(0, 2).map(({ version, savedBy, fields: kept }) => ({ version, savedBy, fields: kept }))).toEqual([
          { version: before.version + 1, savedBy: ADMIN, fields },
          { version: before.version, savedBy: before.version === 1 ? null : ADMIN, fields: before.fields },
        ]);
        for (const entry of history) expect(new Date(entry.savedAt).toISOString()).toBe(entry.savedAt);
      });

      it("refuses a save based on an older version with `conflict` and the record as it is now, changing nothing", async () => {
        const { id } = await studio().createService(service("Conflicted"), ADMIN);
        expect(await studio().save("service", id, service("First save"), 1, ADMIN)).toMatchObject({ ok: true, version: 2 });
        const late = await studio().save("service", id, service("Late save"), 1, "someone@example.com");
        expect(late).toMatchObject({ ok: false, reason: "conflict", current: { id, version: 2, fields: { title: "First save" } } });
        expect((await studio().history("service", id)).map((entry) => entry.version)).toEqual([2, 1]);
        // Saving again from the newer version is a deliberate overwrite, and works.
        expect(await studio().save("service", id, service("Late save"), 2, "someone@example.com")).toMatchObject({ ok: true, version: 3 });
      });

      it("answers not-found for a record that is not there", async () => {
        expect(await studio().save("service", 987654, service(), 1, ADMIN)).toEqual({ ok: false, reason: "not-found" });
      });
    });

    describe("kept versions and the files left behind", () => {
      it(`keeps the newest ${VERSIONS_KEPT} states, newest first; a file only a dropped state used is an orphan`, async () => {
        const photos = [image()];
        const { id } = await studio().createService(service("Many saves", photos[0]), ADMIN);
        // A photo another service shows is never an orphan, even when the state that used it here is dropped.
        const shared = image();
        await studio().createService(service("Shares a photo", shared), ADMIN);

        const orphans = [];
        for (let version = 1; version <= VERSIONS_KEPT + 1; version++) {
          photos.push(version === 1 ? shared : image());
          const outcome = await studio().save("service", id, service(`Many saves ${version + 1}`, photos.at(-1)), version, ADMIN);
          expect(outcome).toMatchObject({ ok: true, version: version + 1 });
          orphans.push(outcome.ok ? outcome.orphans : null);
        }
        // Version 21 dropped version 1 (the first photo); version 22 dropped version 2 (the shared photo).
        expect(orphans.slice(0, VERSIONS_KEPT - 1).flat()).toEqual([]);
        expect(orphans[VERSIONS_KEPT - 1]).toEqual([{ folder: "Services", file: photos[0]!.file }]);
        expect(orphans[VERSIONS_KEPT]).toEqual([]);

        const history = await studio().history("service", id);
        expect(history.map((entry) => entry.version)).toEqual(Array.from({ length: VERSIONS_KEPT }, (_, index) => VERSIONS_KEPT + 2 - index));
        expect(history[0]).toMatchObject({ savedBy: ADMIN, fields: { title: `Many saves ${VERSIONS_KEPT + 2}`, photo: photos.at(-1) } });
      });

      it("a save that drops a photo from a record keeps it alive while a kept version refers to it", async () => {
        const photo = image();
        const { id } = await studio().createService(service("Loses its photo", photo), ADMIN);
        expect(await studio().save("service", id, service("Loses its photo", null), 1, ADMIN)).toEqual({ ok: true, version: 2, orphans: [] });
        expect((await studio().history("service", id))[1]?.fields.photo).toEqual(photo);
      });
    });

    describe("services", () => {
      it("adds a service last in the order, at version 1 with its first state kept", async () => {
        const fields = service("Appended");
        const { id } = await studio().createService(fields, ADMIN);
        const list = await studio().services();
        expect(list.at(-1)).toEqual({ id, version: 1, fields });
        expect((await backend().content.services()).at(-1)).toMatchObject({
          id,
          title: "Appended",
          photo: { alt: fields.photo!.alt, width: 640, height: 400 },
        });
        expect(await studio().history("service", id)).toEqual([{ version: 1, savedBy: ADMIN, savedAt: expect.any(String), fields }]);
      });

      it("moves a service up and down by swapping it with its neighbour; false at either end or when it is gone", async () => {
        const order = async () => (await studio().services()).map((item) => item.id);
        const { id: a } = await studio().createService(service("Move A"), ADMIN);
        const { id: b } = await studio().createService(service("Move B"), ADMIN);
        expect((await order()).slice(-2)).toEqual([a, b]);

        expect(await studio().moveService(b, "up")).toBe(true);
        expect((await order()).slice(-2)).toEqual([b, a]);
        expect((await backend().content.services()).slice(-2).map((item) => item.id)).toEqual([b, a]);
        expect(await studio().moveService(a, "down")).toBe(false);
        expect(await studio().moveService(b, "down")).toBe(true);
        expect((await order()).slice(-2)).toEqual([a, b]);

        const first = (await order())[0]!;
        expect(await studio().moveService(first, "up")).toBe(false);
        expect(await studio().moveService(987654, "down")).toBe(false);
        // The order is not versioned.
        expect(await studio().history("service", b)).toHaveLength(1);
      });

      it("removes a service with its kept versions; answers its title and the files nothing refers to any more", async () => {
        const first = image();
        const second = image();
        const { id } = await studio().createService(service("Removed", first), ADMIN);
        await studio().save("service", id, service("Removed", second), 1, ADMIN);
        const { id: other } = await studio().createService(service("Keeps the second photo", second), ADMIN);

        expect(await studio().removeService(id)).toEqual({ ok: true, title: "Removed", orphans: [{ folder: "Services", file: first.file }] });
        expect((await studio().services()).some((item) => item.id === id)).toBe(false);
        expect(await studio().history("service", id)).toEqual([]);
        expect(await studio().removeService(id)).toEqual({ ok: false, reason: "not-found" });
        expect((await studio().removeService(other)).ok).toBe(true);
      });
    });

    describe("media", () => {
      const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 9, 8, 7]);

      it("stores a file under its folder with its type, and removes files (one already gone is no error)", async () => {
        const media = backend().media;
        const kept = `${unique("aboutus")}.webp`;
        const removed = `${unique("aboutus")}.png`;
        await media.put("Aboutus", kept, bytes, "image/webp");
        await media.put("Aboutus", removed, bytes, "image/png");
        expect(await target.stored("Aboutus", kept)).toEqual({ bytes, contentType: "image/webp" });
        expect(await target.stored("Aboutus", removed)).toEqual({ bytes, contentType: "image/png" });
        expect(await target.stored("Home", kept)).toBeNull();

        await media.remove([
          { folder: "Aboutus", file: removed },
          { folder: "Aboutus", file: `${unique("never-stored")}.webp` },
        ]);
        expect(await target.stored("Aboutus", removed)).toBeNull();
        expect(await target.stored("Aboutus", kept)).toEqual({ bytes, contentType: "image/webp" });
        await media.remove([]);
        expect(media.url("Aboutus", kept)).toMatch(new RegExp(`/Aboutus/${kept}$`));
      });
    });
  });
}

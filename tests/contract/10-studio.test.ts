// The content studio through the Supabase adapter (docs/decisions/0015): what it reads (every column, with the
// version), a save as one read plus ONE call of public.push_save_content, the conflict and not-found answers, the
// kept versions (newest first, at most 20) and the files left behind, adding/removing/moving a service, and the
// media store's put/remove on Storage — the exact requests each port call makes and the credentials they carry.
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceFields } from "~/domain/studio";
import { about as sampleAbout, company as sampleCompany, services as sampleServices } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { ADMIN, backendFor, double, DOUBLE_URL, probe, step } from "./helpers";

type Call = { shape: string | null; credentials: string | null; url: string; method: string; status: number };
const who = (requests: Call[]) => requests.map(({ shape, credentials }) => `${shape} ${credentials}`);
const paramsOf = (request: Call) => Object.fromEntries(new URL(request.url, DOUBLE_URL).searchParams);
const pathOf = (request: Call) => new URL(request.url, DOUBLE_URL).pathname;

type VersionRow = { record: string; record_id: number; version: number; snapshot: unknown; saved_by: string | null; saved_at: string };
const versionsOf = async (record: string, id: number) =>
  (await double.table<VersionRow>("content_versions")).filter((row) => row.record === record && row.record_id === id).sort((a, b) => a.version - b.version);
const rowOf = async (table: string, id: number) => (await double.table<Record<string, unknown>>(table)).find((row) => row.id === id);

let counter = 0;
const photo = (file = `services-${++counter}-${crypto.randomUUID()}.webp`) => ({ file, alt: `Photo ${counter}`, width: 640, height: 400 });
const serviceFields = (title: string, image: ServiceFields["photo"] = photo()): ServiceFields => ({
  title,
  description: `${title}: what it is`,
  photo: image,
  translations: { ar: { title: `${title} بالعربية` } },
  offersCalls: false,
});

/** The sample company's fields, as the studio reads them from the seeded row. */
const companyFields = {
  title: sampleCompany.title,
  description: sampleCompany.description,
  address: sampleCompany.address,
  email: sampleCompany.email,
  phone: sampleCompany.phone,
  facebook: sampleCompany.facebook,
  instagram: sampleCompany.instegram,
  linkedin: sampleCompany.linkedin,
  homeCover: { file: "homecover.webp", alt: sampleCompany.homecover_alt, width: 1280, height: 720 },
  contactCover: { file: "contactcover.webp", alt: sampleCompany.contactcover_alt, width: 1280, height: 560 },
  translations: sampleTranslations.company,
};

beforeEach(() => double.reset());

describe("studio reads: every column with the version, with the service role", () => {
  it("company: the first row (order=id.asc, limit=1), its images with alt text and size", async () => {
    const { result, requests } = await step(() => backendFor().studio.company());
    expect(result).toEqual({ id: 1, version: 1, fields: companyFields });
    expect(who(requests)).toEqual(["rest.company.studio service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "*", order: "id.asc", limit: "1" });
  });

  it("about: the first row; photos stored before the studio have no size (null)", async () => {
    // As an about row from before the studio: its photos without a size (the sample row has them).
    await double.patch("about", { id: 1 }, { photoa_width: null, photoa_height: null, photob_width: null, photob_height: null });
    const { result, requests } = await step(() => backendFor().studio.about());
    expect(result).toEqual({
      id: 1,
      version: 1,
      fields: {
        description: sampleAbout.description,
        photoA: { file: sampleAbout.photoaurl, alt: sampleAbout.photoa_alt, width: null, height: null },
        photoB: { file: sampleAbout.photoburl, alt: sampleAbout.photob_alt, width: null, height: null },
        translations: sampleTranslations.about,
      },
    });
    expect(who(requests)).toEqual(["rest.about.studio service"]);
  });

  it("company and about are null when their table is empty", async () => {
    await double.empty("company");
    await double.empty("about");
    expect((await step(() => backendFor().studio.company())).result).toBeNull();
    expect((await step(() => backendFor().studio.about())).result).toBeNull();
  });

  it("services: in the public order (position, then id)", async () => {
    await double.patch("services", { id: 4 }, { position: 0 });
    const { result, requests } = await step(() => backendFor().studio.services());
    expect(result.map((service) => service.id)).toEqual([4, 1, 2, 3, 5, 6]);
    expect(result[1]).toEqual({
      id: 1,
      version: 1,
      fields: {
        title: sampleServices[0]!.title,
        description: sampleServices[0]!.description,
        photo: { file: sampleServices[0]!.photourl, alt: `${sampleServices[0]!.title}: illustration`, width: 640, height: 400 },
        translations: sampleTranslations.service(sampleServices[0]!.title),
        offersCalls: false,
      },
    });
    expect(who(requests)).toEqual(["rest.services.studio service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "*", order: "position.asc,id.asc" });
  });
});

describe("studio.save", () => {
  it("reads the record, then one push_save_content call: the row and its version change, both states are kept", async () => {
    const fields = {
      ...companyFields,
      title: "PUSH Languages",
      phone: null,
      homeCover: { file: "home-new.webp", alt: "A new cover", width: 1600, height: 900 },
    };
    const { result, requests } = await step(() => backendFor().studio.save("company", 1, fields, 1, ADMIN));
    expect(result).toEqual({ ok: true, version: 2, orphans: [] });
    expect(who(requests)).toEqual(["rest.company.before-save service", "rpc.push_save_content service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "*", id: "eq.1" });
    expect(requests[1]).toMatchObject({ method: "POST", status: 200 });
    expect(pathOf(requests[1]!)).toBe("/rest/v1/rpc/push_save_content");

    expect(await rowOf("company", 1)).toMatchObject({
      title: "PUSH Languages",
      phone: null,
      instegram: sampleCompany.instegram,
      homecover: "home-new.webp",
      homecover_alt: "A new cover",
      homecover_width: 1600,
      homecover_height: 900,
      contactcover: "contactcover.webp",
      version: 2,
    });
    // The state from before the studio is kept (saved_by NULL) beside the new one (saved by the admin).
    expect(await versionsOf("company", 1)).toEqual([
      expect.objectContaining({ version: 1, snapshot: companyFields, saved_by: null }),
      expect.objectContaining({ version: 2, snapshot: fields, saved_by: ADMIN }),
    ]);
    // The public pages read the new state.
    expect((await backendFor().content.company())?.homeCover).toEqual({
      url: `${DOUBLE_URL}/storage/v1/object/public/media/Home/home-new.webp`,
      alt: "A new cover",
      width: 1600,
      height: 900,
    });
  });

  it("about and a service are saved the same way, each through its own table", async () => {
    const aboutFields = {
      description: "About us, rewritten",
      photoA: null,
      photoB: { file: "b.webp", alt: "B", width: 10, height: 20 },
      translations: { ar: { description: "من نحن، بصياغة جديدة", photoBAlt: "ب" } },
    };
    const aboutSave = await step(() => backendFor().studio.save("about", 1, aboutFields, 1, ADMIN));
    expect(aboutSave.result).toEqual({ ok: true, version: 2, orphans: [] });
    expect(who(aboutSave.requests)).toEqual(["rest.about.before-save service", "rpc.push_save_content service"]);
    expect(await rowOf("about", 1)).toMatchObject({
      description: "About us, rewritten",
      photoaurl: null,
      photoa_alt: null,
      photoburl: "b.webp",
      photob_width: 10,
      version: 2,
    });
    // The other languages are one jsonb value beside the spec's columns, and read back as saved.
    expect((await rowOf("about", 1))?.translations).toEqual({ ar: { description: "من نحن، بصياغة جديدة", photoBAlt: "ب" } });
    expect((await backendFor().content.about())?.translations).toEqual(aboutFields.translations);

    const serviceSave = await step(() => backendFor().studio.save("service", 3, serviceFields("Court Interpreting"), 1, ADMIN));
    expect(serviceSave.result).toMatchObject({ ok: true, version: 2 });
    expect(who(serviceSave.requests)).toEqual(["rest.services.before-save service", "rpc.push_save_content service"]);
    expect(await rowOf("services", 3)).toMatchObject({ title: "Court Interpreting", version: 2, position: 3 });
  });

  it("is refused with the current record when the version moved on, without calling the function", async () => {
    await backendFor().studio.save("company", 1, { ...companyFields, title: "Saved first" }, 1, ADMIN);
    const { result, requests } = await step(() => backendFor().studio.save("company", 1, { ...companyFields, title: "Saved second" }, 1, "other@example.com"));
    expect(result).toEqual({ ok: false, reason: "conflict", current: { id: 1, version: 2, fields: { ...companyFields, title: "Saved first" } } });
    expect(who(requests)).toEqual(["rest.company.before-save service"]);
    expect(await rowOf("company", 1)).toMatchObject({ title: "Saved first", version: 2 });
    expect((await versionsOf("company", 1)).map((row) => row.version)).toEqual([1, 2]);
  });

  it("of two saves based on the same version at once, exactly one wins; the other gets the winner's record", async () => {
    const saves = await step(() =>
      Promise.all(["First", "Second"].map((title) => backendFor().studio.save("service", 2, serviceFields(title), 1, `${title.toLowerCase()}@example.com`))),
    );
    const won = saves.result.filter((outcome) => outcome.ok);
    const lost = saves.result.filter((outcome) => !outcome.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([{ ok: false, reason: "conflict", current: expect.objectContaining({ id: 2, version: 2 }) }]);
    const winner = (await rowOf("services", 2))!;
    expect(lost[0]).toMatchObject({ current: { fields: { title: winner.title } } });
    expect((await versionsOf("service", 2)).map((row) => [row.version, row.saved_by])).toEqual([
      [1, null],
      [2, `${String(winner.title).toLowerCase()}@example.com`],
    ]);
  });

  it("push_save_content itself refuses a stale version (the race the read cannot see) and answers the current row", async () => {
    const call = (based: number) =>
      probe("/rest/v1/rpc/push_save_content", {
        key: "service",
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          p_record: "service",
          p_id: 5,
          p_columns: {
            title: "Probe",
            description: "",
            photourl: null,
            photo_alt: null,
            photo_width: null,
            photo_height: null,
            translations: {},
            offers_calls: false,
          },
          p_based_on: based,
          p_snapshot: { title: "Probe", description: "", photo: null },
          p_before: { title: "Before", description: "", photo: null },
          p_by: ADMIN,
        }),
      });
    expect(await (await call(1)).json()).toEqual({ ok: true, version: 2, pruned: [], unreferenced: [] });
    const stale = await call(1);
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ ok: false, current: expect.objectContaining({ id: 5, title: "Probe", version: 2, position: 5 }) });
  });

  it("push_save_content refuses columns other than exactly the record's (Postgres 22023 as PostgREST's 400)", async () => {
    const response = await probe("/rest/v1/rpc/push_save_content", {
      key: "service",
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ p_record: "service", p_id: 1, p_columns: { title: "x", version: 99 }, p_based_on: 1, p_snapshot: {}, p_before: {}, p_by: ADMIN }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "22023",
      message: "a service save takes exactly the columns title, description, photourl, photo_alt, photo_width, photo_height, translations, offers_calls",
    });
    expect(await rowOf("services", 1)).toMatchObject({ title: sampleServices[0]!.title, version: 1 });
  });

  it("the functions are the service role's: with the public key the call is not even an allowed request", async () => {
    const response = await probe("/rest/v1/rpc/push_move_service", {
      key: "anon",
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ p_id: 2, p_direction: "up" }),
    });
    expect(response.status).toBe(400);
    expect((await double.requests((await double.lastSeq()) - 1))[0]!.violation!.join()).toMatch(/expected the service key, got anon/);
    expect((await rowOf("services", 2))!.position).toBe(2);
  });

  it("answers not-found for a record that is not there, after one read", async () => {
    const { result, requests } = await step(() => backendFor().studio.save("service", 999, serviceFields("Nothing"), 1, ADMIN));
    expect(result).toEqual({ ok: false, reason: "not-found" });
    expect(who(requests)).toEqual(["rest.services.before-save service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "*", id: "eq.999" });
  });
});

describe("studio.history", () => {
  it("newest first, with who saved and when (ISO 8601, as on D1), from content_versions", async () => {
    const started = Date.now();
    await backendFor().studio.save("company", 1, { ...companyFields, title: "Second" }, 1, ADMIN);
    await backendFor().studio.save("company", 1, { ...companyFields, title: "Third" }, 2, "other@example.com");
    const { result, requests } = await step(() => backendFor().studio.history("company", 1));
    expect(result.map((entry) => [entry.version, entry.savedBy, entry.fields.title])).toEqual([
      [3, "other@example.com", "Third"],
      [2, ADMIN, "Second"],
      [1, null, sampleCompany.title],
    ]);
    expect(result[2]!.fields).toEqual(companyFields);
    for (const entry of result) {
      expect(entry.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(entry.savedAt)).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(who(requests)).toEqual(["rest.content_versions.history service"]);
    expect(paramsOf(requests[0]!)).toEqual({
      select: "version,snapshot,saved_by,saved_at",
      record: "eq.company",
      record_id: "eq.1",
      order: "version.desc",
      limit: "20",
    });
  });

  it("is empty for a record never saved in the studio", async () => {
    expect((await step(() => backendFor().studio.history("about", 1))).result).toEqual([]);
  });

  it("keeps the newest 20 states of a record; the files only the dropped ones referred to come back as orphans", async () => {
    const first = photo();
    const { id } = await backendFor().studio.createService(serviceFields("Kept", first), ADMIN);
    // Another record uses one of the photos: it is never an orphan.
    const shared = photo();
    await backendFor().studio.save("service", 1, serviceFields("Shares a photo", shared), 1, ADMIN);

    const photos = [first];
    const outcomes = [];
    for (let version = 1; version <= 21; version++) {
      photos.push(version === 1 ? shared : photo());
      outcomes.push(await backendFor().studio.save("service", id, serviceFields(`Kept ${version + 1}`, photos.at(-1)), version, ADMIN));
    }
    // Saves making versions 2…20 drop nothing; version 21 drops version 1 (the first photo), 22 drops 2 (shared).
    expect(outcomes.slice(0, 19).map((outcome) => outcome.ok && outcome.orphans)).toEqual(Array(19).fill([]));
    expect(outcomes[19]).toEqual({ ok: true, version: 21, orphans: [{ folder: "Services", file: first.file }] });
    expect(outcomes[20]).toEqual({ ok: true, version: 22, orphans: [] });

    const history = await backendFor().studio.history("service", id);
    expect(history.map((entry) => entry.version)).toEqual(Array.from({ length: 20 }, (_, index) => 22 - index));
    expect(history[0]!.fields.photo).toEqual(photos.at(-1));
    expect(await versionsOf("service", id)).toHaveLength(20);
  });
});

describe("services: create, move, remove — one function call each", () => {
  it("createService: last in the order, version 1, its first state kept", async () => {
    const fields = serviceFields("Sign Language");
    const { result, requests } = await step(() => backendFor().studio.createService(fields, ADMIN));
    expect(result).toEqual({ id: 7 });
    expect(who(requests)).toEqual(["rpc.push_create_service service"]);
    expect(pathOf(requests[0]!)).toBe("/rest/v1/rpc/push_create_service");
    expect(await rowOf("services", 7)).toMatchObject({
      title: "Sign Language",
      photourl: fields.photo!.file,
      photo_alt: fields.photo!.alt,
      photo_width: 640,
      position: 7,
      version: 1,
    });
    expect(await versionsOf("service", 7)).toEqual([expect.objectContaining({ version: 1, snapshot: fields, saved_by: ADMIN })]);
    expect((await backendFor().content.services()).at(-1)).toMatchObject({ id: 7, title: "Sign Language" });
  });

  it("createService after a service added by hand without a position: still last (the order is renumbered first)", async () => {
    await double.patch("services", { id: 3 }, { position: null });
    const { id } = await backendFor().studio.createService(serviceFields("Appended"), ADMIN);
    expect((await backendFor().studio.services()).map((service) => service.id)).toEqual([1, 2, 4, 5, 6, 3, id]);
  });

  it("moveService swaps with the neighbour and rewrites positions 1..n; false at the ends and for no such service", async () => {
    const { result, requests } = await step(() => backendFor().studio.moveService(3, "up"));
    expect(result).toBe(true);
    expect(who(requests)).toEqual(["rpc.push_move_service service"]);
    expect((await backendFor().content.services()).map((service) => service.id)).toEqual([1, 3, 2, 4, 5, 6]);
    expect(
      (await double.table<{ id: number; position: number }>("services")).sort((a, b) => a.position - b.position).map((row) => [row.id, row.position]),
    ).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);

    expect(await backendFor().studio.moveService(3, "down")).toBe(true);
    expect((await backendFor().studio.services()).map((service) => service.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await backendFor().studio.moveService(1, "up")).toBe(false);
    expect(await backendFor().studio.moveService(6, "down")).toBe(false);
    expect(await backendFor().studio.moveService(999, "up")).toBe(false);
    // A move changes the order only: no version of anything.
    expect(await double.table("content_versions")).toEqual([]);
  });

  it("moveService turns gaps and ties into a clean order", async () => {
    await double.patch("services", { id: 1 }, { position: 10 });
    await double.patch("services", { id: 2 }, { position: 10 });
    expect(await backendFor().studio.moveService(5, "down")).toBe(true);
    expect((await double.table<{ id: number; position: number }>("services")).sort((a, b) => a.position - b.position).map((row) => row.id)).toEqual([
      3, 4, 6, 5, 1, 2,
    ]);
  });

  it("removeService: the service and its versions go; its files nothing else refers to are answered", async () => {
    const kept = photo();
    const { id } = await backendFor().studio.createService(serviceFields("Short-lived", photo()), ADMIN);
    await backendFor().studio.save("service", id, serviceFields("Short-lived", kept), 1, ADMIN);
    const [firstVersion] = await versionsOf("service", id);
    // Another service now shows the photo of the current state.
    await double.patch("services", { id: 1 }, { photourl: kept.file });

    const { result, requests } = await step(() => backendFor().studio.removeService(id));
    expect(result).toEqual({ ok: true, title: "Short-lived", orphans: [{ folder: "Services", file: (firstVersion!.snapshot as ServiceFields).photo!.file }] });
    expect(who(requests)).toEqual(["rpc.push_remove_service service"]);
    expect(await rowOf("services", id)).toBeUndefined();
    expect(await versionsOf("service", id)).toEqual([]);
    expect(await backendFor().studio.removeService(id)).toEqual({ ok: false, reason: "not-found" });
  });
});

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

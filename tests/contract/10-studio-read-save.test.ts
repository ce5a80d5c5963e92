// The content studio through the Supabase adapter (docs/decisions/0015): what it reads (every column, with the
// version), a save as one read plus ONE call of public.push_save_content, and the conflict and not-found answers —
// the exact requests each port call makes and the credentials they carry.
import { beforeEach, describe, expect, it } from "vitest";
import { about as sampleAbout, company as sampleCompany, services as sampleServices } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { ADMIN, backendFor, double, DOUBLE_URL, paramsOf, pathOf, probe, step, who } from "./helpers";
import { companyFields, rowOf, serviceFields, versionsOf } from "./studio-helpers";

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

// supabase/migrations/20261124000000_push_content_studio.sql: push_save_content, a studio save on real Postgres —
// optimistic concurrency on the row's version, the replaced and the new state kept in content_versions (the newest 20),
// and the files only the dropped versions referred to. Who may call it: content-studio-access.test.ts.
import { describe, expect, it } from "vitest";
import { asSuperuser, run, serviceRole, within, type Row } from "./support/db";
import { save, SERVICE_COLUMNS, serviceColumns, serviceSnapshot, studioDatabase } from "./support/content-studio";

const db = studioDatabase();

describe("push_save_content (as the service role)", () => {
  const before = serviceSnapshot("Document Translation", "document-translation.webp");

  it("writes the row on the version it was based on, version + 1, and keeps the replaced and the new state", async () => {
    await within(db, serviceRole, async (tx) => {
      const answer = await save(
        tx,
        "service",
        1,
        serviceColumns("Certified Translation", "certified.webp"),
        1,
        serviceSnapshot("Certified Translation", "certified.webp"),
        before,
      );
      expect(answer).toEqual({ ok: true, version: 2, pruned: [], unreferenced: [] });
      expect((await tx.query("select title, photourl, photo_alt, photo_width, version, position from public.services where id = 1")).rows).toEqual([
        { title: "Certified Translation", photourl: "certified.webp", photo_alt: "Certified Translation photo", photo_width: 640, version: 2, position: 1 },
      ]);
      const versions = (await tx.query<Row>("select version, snapshot, saved_by, saved_at from public.content_versions order by version")).rows;
      expect(versions.map(({ version, snapshot, saved_by }) => ({ version, snapshot, saved_by }))).toEqual([
        { version: 1, snapshot: before, saved_by: null },
        { version: 2, snapshot: serviceSnapshot("Certified Translation", "certified.webp"), saved_by: "admin@push.test" },
      ]);
      expect(versions[1]!.saved_at).toBeInstanceOf(Date);
    });
  });

  it("changes nothing on an outdated version and answers the current row; answers current null for no such record", async () => {
    await within(db, serviceRole, async (tx) => {
      await save(tx, "service", 1, serviceColumns("First", null), 1, serviceSnapshot("First", null), before);
      const late = await save(tx, "service", 1, serviceColumns("Late", null), 1, serviceSnapshot("Late", null), before, "late@push.test");
      expect(late).toEqual({ ok: false, current: expect.objectContaining({ id: 1, title: "First", version: 2, photourl: null }) });
      expect((await tx.query("select count(*)::int as n from public.content_versions where saved_by = 'late@push.test'")).rows).toEqual([{ n: 0 }]);
      expect(await save(tx, "service", 99, serviceColumns("Nobody", null), 1, {}, {})).toEqual({ ok: false, current: null });
    });
  });

  it("saves the company and the about row through their own columns", async () => {
    const company = {
      title: "PUSH LLC",
      description: "d",
      address: "a",
      email: "contact@push.test",
      phone: null,
      facebook: null,
      instegram: "https://instagram.com/push",
      linkedin: null,
      homecover: "home.webp",
      homecover_alt: "Home",
      homecover_width: 1600,
      homecover_height: 900,
      contactcover: null,
      contactcover_alt: null,
      contactcover_width: null,
      contactcover_height: null,
      translations: { ar: { title: "بوش", description: "وصف" } },
    };
    const about = {
      description: "About",
      photoaurl: "a2.webp",
      photoa_alt: "A",
      photoa_width: 1,
      photoa_height: 2,
      photoburl: null,
      photob_alt: null,
      photob_width: null,
      photob_height: null,
      translations: {},
    };
    await within(db, serviceRole, async (tx) => {
      expect(await save(tx, "company", 1, company, 1, { title: "PUSH LLC" }, { title: "PUSH" })).toMatchObject({ ok: true, version: 2 });
      expect((await tx.query("select title, instegram, homecover_width, phone, version, translations from public.company")).rows).toEqual([
        { title: "PUSH LLC", instegram: "https://instagram.com/push", homecover_width: 1600, phone: null, version: 2, translations: company.translations },
      ]);
      expect(await save(tx, "about", 1, about, 1, {}, {})).toMatchObject({ ok: true, version: 2 });
      expect((await tx.query("select photoaurl, photoa_height, photoburl, version from public.about")).rows).toEqual([
        { photoaurl: "a2.webp", photoa_height: 2, photoburl: null, version: 2 },
      ]);
    });
  });

  it("refuses translations that are not one object by language (the column's check), changing nothing", async () => {
    const outcome = await run(db, serviceRole, "select public.push_save_content('service', 1, $1, 1, '{}', '{}', 'x') as value", [
      { ...SERVICE_COLUMNS, translations: ["ar"] },
    ]);
    expect(outcome).toMatchObject({ ok: false, code: "23514" });
    expect(await asSuperuser(db, "select version, translations from public.services where id = 1")).toEqual([{ version: 1, translations: {} }]);
  });

  it("refuses an unknown record, and columns other than exactly the record's (22023), changing nothing", async () => {
    const attempts: [string, object][] = [
      ["users", { full_name: "x" }],
      ["service", { ...SERVICE_COLUMNS, version: 99 }],
      ["service", { title: "Only a title" }],
      ["company", SERVICE_COLUMNS],
    ];
    for (const [record, columns] of attempts) {
      const outcome = await run(db, serviceRole, "select public.push_save_content($1, 1, $2, 1, '{}', '{}', 'x') as value", [record, columns]);
      expect(outcome, record).toMatchObject({ ok: false, code: "22023" });
    }
    expect(await asSuperuser(db, "select version from public.services where id = 1")).toEqual([{ version: 1 }]);
  });

  it("keeps the newest 20 versions; the files only the dropped ones referred to are answered as unreferenced", async () => {
    await within(db, serviceRole, async (tx) => {
      // Service 2's file stays in use by service 2 itself; service 1 uses it in its version 3.
      const files = (version: number) => (version === 3 ? "medical-interpreting.webp" : `photo-${version}.webp`);
      const answers = [];
      for (let version = 1; version <= 22; version++) {
        const next = version + 1;
        answers.push(
          await save(
            tx,
            "service",
            1,
            serviceColumns(`Version ${next}`, files(next)),
            version,
            serviceSnapshot(`Version ${next}`, files(next)),
            version === 1 ? before : serviceSnapshot(`Version ${version}`, files(version)),
          ),
        );
      }
      expect(answers.slice(0, 19).every((answer) => (answer.pruned as unknown[]).length === 0)).toBe(true);
      // Version 21 drops version 1 (the seeded photo), 22 drops 2, 23 drops 3 (a photo service 2 still shows).
      expect(answers[19]).toEqual({ ok: true, version: 21, pruned: [before], unreferenced: ["document-translation.webp"] });
      expect(answers[20]).toEqual({ ok: true, version: 22, pruned: [serviceSnapshot("Version 2", "photo-2.webp")], unreferenced: ["photo-2.webp"] });
      expect(answers[21]).toEqual({ ok: true, version: 23, pruned: [serviceSnapshot("Version 3", "medical-interpreting.webp")], unreferenced: [] });
      expect((await tx.query("select min(version) as oldest, max(version) as newest, count(*)::int as n from public.content_versions")).rows).toEqual([
        { oldest: 4, newest: 23, n: 20 },
      ]);
    });
  });
});

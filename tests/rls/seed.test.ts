// supabase/seed.sql on top of the migrations, as `supabase db reset` runs it: it applies cleanly, holds the same
// sample content as seed/content.ts (the D1 default's), and its accounts behave under the policies.
import { describe, expect, it } from "vitest";
import { sampleContent, SAMPLE_PASSWORD } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { applySeed, asSuperuser, count, createMigrated, fileDatabase, rowsAs, run, signedIn } from "./support/db";

const db = fileDatabase(createMigrated, async () => {
  await applySeed(db);
});

const idOf = async (email: string) => String((await asSuperuser(db, "select id from public.users where email = $1", [email]))[0]?.id);

describe("seed.sql applies on top of the migrations", () => {
  it("produces 7 users, 14 languages and 6 services (and one company and about row)", async () => {
    expect(await count(db, "public.users")).toBe(7);
    expect(await count(db, "public.languages")).toBe(14);
    expect(await count(db, "public.services")).toBe(6);
    expect(await count(db, "public.company")).toBe(1);
    expect(await count(db, "public.about")).toBe(1);
    expect(await count(db, "public.user_languages")).toBe(sampleContent.people.reduce((sum, person) => sum + person.languages.length, 0));
    expect(await count(db, "public.contact_messages")).toBe(0);
  });

  it("gives each person a confirmed auth.users account and an e-mail identity with the same id", async () => {
    const accounts = await asSuperuser(
      db,
      `select a.email, a.aud, a.role, a.instance_id, a.email_confirmed_at is not null as confirmed,
              a.raw_app_meta_data, a.confirmation_token, a.recovery_token, a.email_change_token_new, a.email_change,
              i.provider, i.provider_id = a.id::text as provider_id_is_user_id, i.identity_data ->> 'sub' = a.id::text as sub_is_user_id,
              i.email as identity_email
       from auth.users a join auth.identities i on i.user_id = a.id join public.users u on u.id = a.id
       order by a.email`,
    );
    expect(accounts).toHaveLength(7);
    for (const account of accounts) {
      expect(account).toEqual({
        email: account.email,
        aud: "authenticated",
        role: "authenticated",
        instance_id: "00000000-0000-0000-0000-000000000000",
        confirmed: true,
        raw_app_meta_data: { provider: "email", providers: ["email"] },
        confirmation_token: "",
        recovery_token: "",
        email_change_token_new: "",
        email_change: "",
        provider: "email",
        provider_id_is_user_id: true,
        sub_is_user_id: true,
        identity_email: account.email,
      });
    }
  });

  it("lets exactly the two sample accounts sign in with the sample password (bcrypt); the others have unknown passwords", async () => {
    const rows = await asSuperuser(
      db,
      `select email, encrypted_password like '$2a$%' as bcrypt,
              encrypted_password = extensions.crypt($1, encrypted_password) as sample_password_matches
       from auth.users order by email`,
      [SAMPLE_PASSWORD],
    );
    const expected = sampleContent.people
      .map((person) => ({ email: person.email, bcrypt: true, sample_password_matches: person.canSignIn }))
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(rows).toEqual(expected);
    expect(
      expected
        .filter((row) => row.sample_password_matches)
        .map((row) => row.email)
        .sort(),
    ).toEqual(["admin@example.com", "interpreter@example.com"]);
  });
});

describe("seed.sql matches seed/content.ts", () => {
  it("company", async () => {
    const [row] = await asSuperuser(
      db,
      `select title, description, homecover, address, email, phone, linkedin, facebook, instegram, contactcover,
              homecover_alt, homecover_width, homecover_height, contactcover_alt, contactcover_width, contactcover_height from public.company`,
    );
    expect(row).toEqual(sampleContent.company);
  });

  it("services, in id order", async () => {
    // Which of them offer a live call on their card ("Talk to an interpreter") too.
    const expected = sampleContent.services.map(({ offersCalls, ...service }) => ({ ...service, offers_calls: offersCalls ?? false }));
    expect(await asSuperuser(db, "select title, photourl, description, offers_calls from public.services order by position")).toEqual(expected);
    expect(await asSuperuser(db, "select distinct photo_width, photo_height from public.services")).toEqual([{ photo_width: 640, photo_height: 400 }]);
  });

  it("about", async () => {
    const [row] = await asSuperuser(db, "select description, photoaurl, photoburl, photoa_alt, photob_alt from public.about");
    expect(row).toEqual(sampleContent.about);
  });

  it("the Arabic versions of the texts (seed/content-ar.ts)", async () => {
    const [company] = await asSuperuser(db, "select translations from public.company");
    const [about] = await asSuperuser(db, "select translations from public.about");
    const services = await asSuperuser(db, "select translations from public.services order by position");
    expect(company?.translations).toEqual(sampleTranslations.company);
    expect(about?.translations).toEqual(sampleTranslations.about);
    expect(services.map((row) => row.translations)).toEqual(sampleContent.services.map((service) => sampleTranslations.service(service.title)));
    expect(services.at(-1)?.translations).toEqual({});
  });

  it("languages", async () => {
    const rows = await asSuperuser(db, "select name from public.languages order by id");
    expect(rows.map((row) => row.name)).toEqual(sampleContent.languages);
  });

  it("people, their roles and their languages", async () => {
    const rows = await asSuperuser(
      db,
      `select u.full_name, u.email, u.phone, u."Gender", u.account_type, u.role,
              array(select l.name from public.user_languages ul join public.languages l on l.id = ul.language_id
                    where ul.user_id = u.id order by l.name) as languages
       from public.users u order by u.email`,
    );
    const expected = sampleContent.people
      .map(({ full_name, email, phone, Gender, account_type, role, languages }) => ({
        full_name,
        email,
        phone,
        Gender,
        account_type,
        role,
        languages: [...languages].sort(),
      }))
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(rows).toEqual(expected);
  });
});

describe("the seeded accounts under the policies", () => {
  it("the sample admin reads every person and can add a language (identity sequences continue after the seed)", async () => {
    const sampleAdmin = signedIn(await idOf("admin@example.com"), "admin@example.com");
    expect(await rowsAs(db, sampleAdmin, "select id from public.users")).toHaveLength(7);
    expect(await run(db, sampleAdmin, "insert into public.languages (name) values ('Swahili') returning id")).toEqual({
      ok: true,
      rows: [{ id: 15 }],
      affected: 1,
    });
  });

  it("the sample interpreter reads only their own row and their three languages", async () => {
    const sampleInterpreter = signedIn(await idOf("interpreter@example.com"), "interpreter@example.com");
    expect(await rowsAs(db, sampleInterpreter, "select email from public.users")).toEqual([{ email: "interpreter@example.com" }]);
    const names = await rowsAs(
      db,
      sampleInterpreter,
      "select l.name from public.user_languages ul join public.languages l on l.id = ul.language_id order by l.name",
    );
    expect(names.map((row) => row.name)).toEqual(["English", "Portuguese", "Spanish"]);
  });
});

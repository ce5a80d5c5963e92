// Customer accounts on real Postgres (issue 27): the tables of 20261205001000_push_customer_accounts.sql as requesters
// reach them (their own organisation's people, organisation and customers; never an invitation), and the worker's
// functions of 20261205001100_push_customer_account_functions.sql: only the service role executes them; an
// organisation made once per name; an invitation read while open and used once; a customer joined by e-mail; people
// listed per organisation. Two organisations, Clinic A and Firm B.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, rowsAs, run, serviceRole, signedIn, within } from "./support/db";
import { itRefusesToExecute, permissionDenied } from "./support/expect";
import { admin, createWithFixtures, interpreter } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";

const NOW = 1_764_064_800_123;
const DAY = 24 * 3_600_000;
const CLINIC_PERSON = "00000000-0000-4000-8000-0000000000a1";
const FIRM_PERSON = "00000000-0000-4000-8000-0000000000b1";
const NEW_PERSON = "00000000-0000-4000-8000-0000000000c1";
const clinicPerson = signedIn(CLINIC_PERSON, "a requester of Clinic A");
const firmPerson = signedIn(FIRM_PERSON, "a requester of Firm B");
const hashOf = (digit: string) => digit.repeat(64);

/** Clinic A (1) and Firm B (2), a requester and a customer of each, and an invitation of each (hashes of a's and b's). */
async function organisations(db: ReturnType<typeof fileDatabase>) {
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), now()
     from (values ($1::uuid, 'nour@clinic.test'), ($2::uuid, 'bo@firm.test'), ($3::uuid, 'new@clinic.test')) as a (id, email)`,
    [CLINIC_PERSON, FIRM_PERSON, NEW_PERSON],
  );
  await db.exec(`
    insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B');
    insert into public.customer_people (account_id, organisation_id, full_name, is_admin) values
      ('${CLINIC_PERSON}', 1, 'Nour Clinic', true), ('${FIRM_PERSON}', 2, 'Bo Firm', false);
    insert into public.customers (name, email, organisation_id) values ('Nour Clinic', 'nour@clinic.test', 1), ('Bo Firm', 'bo@firm.test', 2),
      ('Walk In', 'walk@in.test', null);
    insert into public.customer_invitations (token_hash, organisation_id, email, full_name, invited_by, created_at, expires_at) values
      ('${hashOf("a")}', 1, 'new@clinic.test', 'New Clinic', 'admin@push.test', now(), now() + interval '7 days'),
      ('${hashOf("b")}', 2, 'new@firm.test', 'New Firm', 'admin@push.test', now(), now() + interval '7 days');
    select setval(pg_get_serial_sequence('public.organisations', 'id'), 2);
  `);
}

describe("the tables: a requester reads their own organisation's, never an invitation", () => {
  const db = fileDatabase(createWithFixtures, () => organisations(db));

  it("each requester reads their organisation, its people and its customers only", async () => {
    for (const [actor, name, person, customer] of [
      [clinicPerson, "Clinic A", "Nour Clinic", "nour@clinic.test"],
      [firmPerson, "Firm B", "Bo Firm", "bo@firm.test"],
    ] as const) {
      expect(await rowsAs(db, actor, "select name from public.organisations")).toEqual([{ name }]);
      expect(await rowsAs(db, actor, "select full_name from public.customer_people")).toEqual([{ full_name: person }]);
      expect(await rowsAs(db, actor, "select email from public.customers")).toEqual([{ email: customer }]);
    }
  });

  it("nobody but the service role reads or writes an invitation; requesters write nothing", async () => {
    for (const actor of [clinicPerson, firmPerson, admin, interpreter]) {
      expect(await run(db, actor, "select token_hash from public.customer_invitations")).toEqual(permissionDenied("table customer_invitations"));
    }
    expect(await run(db, clinicPerson, "update public.customer_people set is_admin = true")).toEqual(permissionDenied("table customer_people"));
    expect(await run(db, clinicPerson, "insert into public.organisations (name) values ('Mine')")).toEqual(permissionDenied("table organisations"));
    expect(await rowsAs(db, admin, "select name from public.organisations order by name")).toEqual([{ name: "Clinic A" }, { name: "Firm B" }]);
  });
});

const CALLS = {
  push_create_organisation: `public.push_create_organisation('Harbour', ${NOW})`,
  push_organisations_page: "public.push_organisations_page('', 25, 0)",
  push_organisation_people: "public.push_organisation_people(1, 500)",
  push_organisation: `public.push_organisation(1, ${NOW}, 500)`,
  push_organisation_add_customer: "public.push_organisation_add_customer(1, 'walk@in.test')",
  push_invite_customer_person: `public.push_invite_customer_person(1, 'x@clinic.test', 'X', false, 'admin@push.test', '${hashOf("c")}', ${NOW}, ${NOW + DAY})`,
  push_customer_invitation: `public.push_customer_invitation('${hashOf("a")}', ${NOW})`,
  push_accept_customer_invitation: `public.push_accept_customer_invitation('${hashOf("a")}', '${NEW_PERSON}', ${NOW})`,
};

describe("the functions", () => {
  const db = fileDatabase(createWithFixtures, () => organisations(db));

  describe("only the service role executes them", () => {
    itRefusesToExecute(() => db, CALLS);

    it("refused to requesters too", async () => {
      for (const [fn, sql] of Object.entries(CALLS)) expect(await run(db, clinicPerson, `select ${sql}`)).toEqual(permissionDenied(`function ${fn}`));
    });

    it("each has an empty search_path; only the two that read sign-in e-mails (auth.users) are SECURITY DEFINER", async () => {
      const rows = await asSuperuser(
        db,
        `select p.proname as name, p.prosecdef as security_definer, p.proconfig as config from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = any($1) order by 1`,
        [Object.keys(CALLS)],
      );
      expect(rows).toHaveLength(Object.keys(CALLS).length);
      for (const row of rows) {
        expect(row, String(row.name)).toMatchObject({
          config: ['search_path=""'],
          security_definer: ["push_organisation", "push_organisation_people"].includes(String(row.name)),
        });
      }
    });
  });

  const as = <T>(fn: (tx: Transaction) => Promise<T>) => within(db, serviceRole, fn);

  it("an organisation is made once per name, any case; pages in name order with counts", async () => {
    await as(async (tx) => {
      expect(await call<number | null>(tx, `public.push_create_organisation('Harbour', ${NOW})`)).toBe(3);
      expect(await call<number | null>(tx, `public.push_create_organisation('CLINIC a', ${NOW})`)).toBeNull();
      expect(await call(tx, "public.push_organisations_page('', 25, 0)")).toEqual({
        total: 3,
        items: [
          { id: 1, name: "Clinic A", customers: 1, people: 1 },
          { id: 2, name: "Firm B", customers: 1, people: 1 },
          { id: 3, name: "Harbour", customers: 0, people: 0 },
        ],
      });
      expect(await call(tx, "public.push_organisations_page('firm', 25, 0)")).toMatchObject({ total: 1, items: [{ name: "Firm B" }] });
    });
  });

  it("an organisation's page: its customers, people (with e-mails) and open invitations — none of the other's", async () => {
    await as(async (tx) => {
      const clinic = await call<Record<string, unknown>>(tx, `public.push_organisation(1, ${NOW}, 500)`);
      expect(clinic).toMatchObject({
        name: "Clinic A",
        customers: [{ name: "Nour Clinic", email: "nour@clinic.test" }],
        people: [{ account_id: CLINIC_PERSON, full_name: "Nour Clinic", email: "nour@clinic.test", is_admin: true }],
        invitations: [{ email: "new@clinic.test", full_name: "New Clinic", is_admin: false, invited_by: "admin@push.test" }],
      });
      expect(await call(tx, "public.push_organisation(99, 1, 500)")).toBeNull();
      expect(await call(tx, "public.push_organisation_people(2, 500)")).toEqual([
        { account_id: FIRM_PERSON, full_name: "Bo Firm", email: "bo@firm.test", is_admin: false },
      ]);
    });
  });

  it("a customer joins by e-mail; unknown e-mail and unknown organisation are reasons", async () => {
    await as(async (tx) => {
      expect(await call(tx, "public.push_organisation_add_customer(1, 'WALK@in.test')")).toEqual({ name: "Walk In" });
      expect(await rowsOf(tx, "select organisation_id from public.customers where email = 'walk@in.test'")).toEqual([{ organisation_id: 1 }]);
      expect(await call(tx, "public.push_organisation_add_customer(1, 'nobody@in.test')")).toEqual({ reason: "no-customer" });
      expect(await call(tx, "public.push_organisation_add_customer(99, 'walk@in.test')")).toEqual({ reason: "not-found" });
    });
  });

  it("an invitation is read while open, used once: the requester's row and their customers row joined", async () => {
    await as(async (tx) => {
      expect(await call(tx, `public.push_customer_invitation('${hashOf("a")}', ${NOW})`)).toEqual({
        organisation_name: "Clinic A",
        email: "new@clinic.test",
        full_name: "New Clinic",
      });
      expect(await call(tx, `public.push_customer_invitation('${hashOf("a")}', ${Date.now() + 8 * DAY})`)).toBeNull();
      expect(await call(tx, `public.push_customer_invitation('${hashOf("f")}', ${NOW})`)).toBeNull();
      expect(await call(tx, CALLS.push_accept_customer_invitation)).toBe(true);
      expect(await call(tx, CALLS.push_accept_customer_invitation)).toBe(false);
      expect(await call(tx, `public.push_customer_invitation('${hashOf("a")}', ${NOW})`)).toBeNull();
      expect(await rowsOf(tx, `select organisation_id, full_name, is_admin from public.customer_people where account_id = '${NEW_PERSON}'`)).toEqual([
        { organisation_id: 1, full_name: "New Clinic", is_admin: false },
      ]);
      expect(await rowsOf(tx, "select organisation_id from public.customers where email = 'new@clinic.test'")).toEqual([{ organisation_id: 1 }]);
    });
  });

  it("an invitation of an unknown organisation is not stored; a stored one keeps only the hash", async () => {
    await as(async (tx) => {
      expect(await call(tx, `public.push_invite_customer_person(99, 'x@y.test', 'X', false, 'a', '${hashOf("d")}', ${NOW}, ${NOW + DAY})`)).toBe(false);
      expect(await call(tx, CALLS.push_invite_customer_person)).toBe(true);
      expect(await rowsOf(tx, `select email, organisation_id from public.customer_invitations where token_hash = '${hashOf("c")}'`)).toEqual([
        { email: "x@clinic.test", organisation_id: 1 },
      ]);
    });
  });
});

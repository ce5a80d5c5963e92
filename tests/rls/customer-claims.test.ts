// Joining by a status link on real Postgres (issue 27, docs/decisions/0042): the table and functions of
// 20261205001600_push_customer_claims.sql. Nobody but the service role reads a claim or executes the functions; a
// claim is stored only for a customer in no organisation whose address has no account; it is read while open and used
// once, making a new organisation (never an existing one, even of the same name), the customer joined and its admin
// requester — and nothing of Clinic A's or Firm B's rows changes.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, run, serviceRole, signedIn, within } from "./support/db";
import { itRefusesToExecute, permissionDenied } from "./support/expect";
import { admin, createWithFixtures, interpreter } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";

const NOW = 1_764_064_800_123;
const DAY = 24 * 3_600_000;
const CLINIC_PERSON = "00000000-0000-4000-8000-0000000000a1";
const WALK_IN_ACCOUNT = "00000000-0000-4000-8000-0000000000c1";
const clinicPerson = signedIn(CLINIC_PERSON, "a requester of Clinic A");
const hashOf = (digit: string) => digit.repeat(64);

/**
 * Clinic A (1) and Firm B (2) with a customer each (Clinic A's signs in), a walk-in whose company is "Firm B" (the
 * name taken), another walk-in without a company, and a walk-in whose address signs in (staff's); claims a (the
 * Firm B walk-in's, open), b (the clinic customer's) and e (expired). The account the worker makes (Supabase Auth's
 * admin API) before it uses claim a is there already: WALK_IN_ACCOUNT.
 */
async function fixture(db: ReturnType<typeof fileDatabase>) {
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), now()
     from (values ($1::uuid, 'nour@clinic.test'), ($2::uuid, 'Signs@In.test'), ($3::uuid, 'rana@walk.test')) as a (id, email)`,
    [CLINIC_PERSON, "00000000-0000-4000-8000-0000000000d1", WALK_IN_ACCOUNT],
  );
  await db.exec(`
    insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B');
    insert into public.customer_people (account_id, organisation_id, full_name, is_admin) values ('${CLINIC_PERSON}', 1, 'Nour Clinic', true);
    insert into public.customers (id, name, email, company, organisation_id) overriding system value values
      (101, 'Nour Clinic', 'nour@clinic.test', '', 1), (102, 'Bo Firm', 'bo@firm.test', '', 2),
      (103, 'Rana Saleh', 'rana@walk.test', 'firm b', null), (104, 'Sami Aziz', 'sami@walk.test', '  ', null),
      (105, 'Signs In', 'signs@in.test', '', null);
    insert into public.customer_claims (token_hash, customer_id, created_at, expires_at) values
      ('${hashOf("a")}', 103, now(), now() + interval '7 days'),
      ('${hashOf("b")}', 101, now(), now() + interval '7 days'),
      ('${hashOf("e")}', 104, now() - interval '8 days', now() - interval '1 day');
    select setval(pg_get_serial_sequence('public.organisations', 'id'), 2);
  `);
}

const CALLS = {
  push_request_customer_claim: `public.push_request_customer_claim(104, '${hashOf("c")}', ${NOW}, ${NOW + 7 * DAY})`,
  push_customer_claim: `public.push_customer_claim('${hashOf("a")}', ${NOW})`,
  push_join_by_customer_claim: `public.push_join_by_customer_claim('${hashOf("a")}', '${WALK_IN_ACCOUNT}', ${NOW})`,
};

describe("claims of an account from a status link", () => {
  const db = fileDatabase(createWithFixtures, () => fixture(db));
  const as = <T>(fn: (tx: Transaction) => Promise<T>) => within(db, serviceRole, fn);

  describe("only the service role reads a claim or executes the functions", () => {
    itRefusesToExecute(() => db, CALLS);

    it("refused to requesters, staff and the table's rows to everyone but the service role", async () => {
      for (const [fn, sql] of Object.entries(CALLS)) expect(await run(db, clinicPerson, `select ${sql}`)).toEqual(permissionDenied(`function ${fn}`));
      for (const actor of [clinicPerson, admin, interpreter]) {
        expect(await run(db, actor, "select token_hash from public.customer_claims")).toEqual(permissionDenied("table customer_claims"));
      }
    });

    it("each has an empty search_path; only the one that reads sign-in e-mails (auth.users) is SECURITY DEFINER", async () => {
      const rows = await asSuperuser(
        db,
        `select p.proname as name, p.prosecdef as security_definer, p.proconfig as config from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = any($1) order by 1`,
        [Object.keys(CALLS)],
      );
      expect(rows).toHaveLength(3);
      for (const row of rows)
        expect(row, String(row.name)).toMatchObject({ config: ['search_path=""'], security_definer: row.name === "push_request_customer_claim" });
    });
  });

  it("a claim is stored only for a customer in no organisation whose address has no account (any case)", async () => {
    await as(async (tx) => {
      expect(await call(tx, CALLS.push_request_customer_claim)).toEqual({ email: "sami@walk.test", full_name: "Sami Aziz", outcome: "link" });
      expect(await call(tx, `public.push_request_customer_claim(101, '${hashOf("d")}', ${NOW}, ${NOW + DAY})`)).toMatchObject({ outcome: "in-organisation" });
      expect(await call(tx, `public.push_request_customer_claim(105, '${hashOf("f")}', ${NOW}, ${NOW + DAY})`)).toMatchObject({ outcome: "account-exists" });
      expect(await call(tx, `public.push_request_customer_claim(999, '${hashOf("f")}', ${NOW}, ${NOW + DAY})`)).toBeNull();
      expect(
        await rowsOf(tx, `select customer_id from public.customer_claims where token_hash in ('${hashOf("c")}', '${hashOf("d")}', '${hashOf("f")}')`),
      ).toEqual([{ customer_id: 104 }]);
    });
  });

  it("read while open; used once: a new organisation (the taken name gets the e-mail), its admin; no other row changes", async () => {
    await as(async (tx) => {
      const others = "select id, organisation_id from public.customers where id <> 103 order by id";
      const before = await rowsOf(tx, others);
      expect(await call(tx, CALLS.push_customer_claim)).toEqual({ email: "rana@walk.test", full_name: "Rana Saleh", in_organisation: false });
      expect(await call(tx, `public.push_customer_claim('${hashOf("e")}', ${Date.now()})`)).toBeNull();
      expect(await call(tx, `public.push_join_by_customer_claim('${hashOf("e")}', '${WALK_IN_ACCOUNT}', ${Date.now()})`)).toEqual({ reason: "invalid" });
      // The first try at the taken name used a value of the identity sequence (ON CONFLICT DO NOTHING): the id is 4.
      expect(await call(tx, CALLS.push_join_by_customer_claim)).toEqual({ organisation_id: 4 });
      expect(await call(tx, CALLS.push_join_by_customer_claim)).toEqual({ reason: "in-organisation" });
      expect(await call(tx, CALLS.push_customer_claim)).toBeNull();
      expect(await rowsOf(tx, "select id, name from public.organisations order by id")).toEqual([
        { id: 1, name: "Clinic A" },
        { id: 2, name: "Firm B" },
        { id: 4, name: "firm b (rana@walk.test)" },
      ]);
      expect(await rowsOf(tx, "select organisation_id from public.customers where id = 103")).toEqual([{ organisation_id: 4 }]);
      expect(await rowsOf(tx, `select organisation_id, full_name, is_admin from public.customer_people where account_id = '${WALK_IN_ACCOUNT}'`)).toEqual([
        { organisation_id: 4, full_name: "Rana Saleh", is_admin: true },
      ]);
      expect(await rowsOf(tx, others)).toEqual(before);
      expect(await rowsOf(tx, "select account_id from public.customer_people where organisation_id in (1, 2)")).toEqual([{ account_id: CLINIC_PERSON }]);
    });
  });

  it("a customer of an organisation cannot use a claim: nothing is written", async () => {
    await as(async (tx) => {
      expect(await call(tx, `public.push_customer_claim('${hashOf("b")}', ${NOW})`)).toMatchObject({ in_organisation: true });
      expect(await call(tx, `public.push_join_by_customer_claim('${hashOf("b")}', '${WALK_IN_ACCOUNT}', ${NOW})`)).toEqual({ reason: "in-organisation" });
      expect(await rowsOf(tx, `select used_at from public.customer_claims where token_hash = '${hashOf("b")}'`)).toEqual([{ used_at: null }]);
      expect(await rowsOf(tx, "select count(*)::int as n from public.organisations")).toEqual([{ n: 2 }]);
    });
  });
});

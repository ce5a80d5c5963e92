// supabase/migrations/20261205001300_push_interpreter_preferences.sql on real Postgres (issue 27), with two
// organisations: Clinic A prefers Daniel and blocks Linh, Firm B blocks Daniel; each has a requester (A's is its admin)
// and a pending request. Who reads what: admins every row; a requester their own organisation's requests and PREFERRED
// stances only (never a block, never another organisation's); an interpreter nothing; anon nothing. Nobody but the
// worker (service role) writes. Then the functions: only the service role executes them, and each keeps to the
// organisation it is given — a request only for a past interpreter of the requester's own organisation, an answer only
// to that organisation's pending request (accepting makes the interpreter preferred in the same transaction).
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { anon, asSuperuser, fileDatabase, rowsAs, run, serviceRole, signedIn, within } from "./support/db";
import { CUSTOMER_SQL, insertSql } from "./support/appointments";
import { permissionDenied } from "./support/expect";
import { admin, ADMIN_ID, createWithFixtures, INTERPRETER_ID, interpreter, LANGUAGE, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { call } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const REQUESTER_A = "00000000-0000-4000-8000-00000000d001";
const REQUESTER_B = "00000000-0000-4000-8000-00000000d002";
const requesterA = signedIn(REQUESTER_A, "Clinic A's requester");
const requesterB = signedIn(REQUESTER_B, "Firm B's requester");
const [CLINIC_A, FIRM_B] = [1, 2];
const NOW = 1_764_064_800_123;

async function twoOrganisations(db: Parameters<typeof asSuperuser>[0]) {
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '', now(), now()
     from (values ($1::uuid, 'ana@clinic-a.test'), ($2::uuid, 'bo@firm-b.test')) as a (id, email)`,
    [REQUESTER_A, REQUESTER_B],
  );
  await asSuperuser(db, "insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B')");
  await asSuperuser(
    db,
    `insert into public.customer_people (account_id, organisation_id, full_name, is_admin) values ($1, 1, 'Ana Clinic', true), ($2, 2, 'Bo Firm', true)`,
    [REQUESTER_A, REQUESTER_B],
  );
  await asSuperuser(
    db,
    `insert into public.interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at) values
       (1, $1, 'preferred', $3, now()), (1, $2, 'blocked', $3, now()), (2, $1, 'blocked', $3, now())`,
    [INTERPRETER_ID, OTHER_INTERPRETER_ID, ADMIN_ID],
  );
  await asSuperuser(
    db,
    `insert into public.preference_requests (organisation_id, interpreter_id, requested_by, note, created_at) values
       (1, $1, $3, 'A asks', now()), (2, $2, $4, 'B asks', now())`,
    [OTHER_INTERPRETER_ID, INTERPRETER_ID, REQUESTER_A, REQUESTER_B],
  );
}

describe("who reads preferred and blocked interpreters", () => {
  const db = fileDatabase(createWithFixtures, () => twoOrganisations(db));
  const stances = "select organisation_id, interpreter_id, stance from public.interpreter_stances order by organisation_id, interpreter_id";
  const requests = "select organisation_id, note from public.preference_requests order by organisation_id";

  it("an admin reads every organisation's stances and requests", async () => {
    expect(await rowsAs(db, admin, stances)).toHaveLength(3);
    expect(await rowsAs(db, admin, requests)).toEqual([
      { organisation_id: CLINIC_A, note: "A asks" },
      { organisation_id: FIRM_B, note: "B asks" },
    ]);
  });

  it("a requester reads their own organisation's preferred interpreters and requests — not its blocks, nothing of the other's", async () => {
    expect(await rowsAs(db, requesterA, stances)).toEqual([{ organisation_id: CLINIC_A, interpreter_id: INTERPRETER_ID, stance: "preferred" }]);
    expect(await rowsAs(db, requesterA, requests)).toEqual([{ organisation_id: CLINIC_A, note: "A asks" }]);
    // Firm B only blocks: its requester reads no stance at all.
    expect(await rowsAs(db, requesterB, stances)).toEqual([]);
    expect(await rowsAs(db, requesterB, requests)).toEqual([{ organisation_id: FIRM_B, note: "B asks" }]);
  });

  it("an interpreter is told nothing (neither stances nor requests about them); anon has no privilege", async () => {
    expect(await rowsAs(db, interpreter, stances)).toEqual([]);
    expect(await rowsAs(db, interpreter, requests)).toEqual([]);
    expect(await run(db, anon, stances)).toEqual(permissionDenied("table interpreter_stances"));
    expect(await run(db, anon, requests)).toEqual(permissionDenied("table preference_requests"));
  });

  it.each([
    ["an admin", admin],
    ["a requester", requesterA],
  ])("%s cannot write either table through the API (the worker writes)", async (_name, actor) => {
    const writes = [
      `insert into public.interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at) values (1, '${ADMIN_ID}', 'preferred', 'x', now())`,
      "update public.interpreter_stances set stance = 'preferred'",
      "delete from public.interpreter_stances",
      `insert into public.preference_requests (organisation_id, interpreter_id, requested_by, created_at) values (1, '${ADMIN_ID}', '${REQUESTER_A}', now())`,
      "update public.preference_requests set status = 'accepted'",
      "delete from public.preference_requests",
    ];
    for (const sql of writes) expect(await run(db, actor, sql), sql).toMatchObject({ ok: false, code: "42501" });
  });
});

describe("the functions", () => {
  const db = fileDatabase(createWithFixtures, () => twoOrganisations(db));

  itIsTheServiceRolesAlone(
    () => db,
    {
      push_set_interpreter_stance: `public.push_set_interpreter_stance(1, '${ADMIN_ID}', 'preferred', 'x', ${NOW})`,
      push_clear_interpreter_stance: `public.push_clear_interpreter_stance(1, '${ADMIN_ID}')`,
      push_interpreter_stances: "public.push_interpreter_stances(1)",
      push_past_interpreters: "public.push_past_interpreters(1)",
      push_request_preference: `public.push_request_preference(1, '${REQUESTER_A}', '${ADMIN_ID}', '', ${NOW})`,
      push_preference_requests: "public.push_preference_requests(1)",
      push_blocked_interpreters: "public.push_blocked_interpreters(1)",
      push_answer_preference_request: `public.push_answer_preference_request(1, 1, false, 'x', ${NOW})`,
    },
    { push_past_interpreter_ids: "private.push_past_interpreter_ids(1)" },
  );

  /** Daniel did an appointment of Clinic A's customer (Ana, customer 1). */
  const danielWorkedForA = async (tx: Transaction) => {
    await tx.query(CUSTOMER_SQL);
    await tx.query("update public.customers set organisation_id = 1 where id = 1");
    const [sql, params] = insertSql({ status: "confirmed", interpreter: INTERPRETER_ID, from: "2034-05-02T16:00:00Z", to: "2034-05-02T17:00:00Z" });
    await tx.query(sql, params);
  };

  it("a stance is set only where the organisation and the users row exist, replacing the pair's; listed with the name, preferred first", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await call(tx, `public.push_set_interpreter_stance(9, '${ADMIN_ID}', 'blocked', 'x', ${NOW})`)).toBe(false);
      expect(await call(tx, `public.push_set_interpreter_stance(1, '00000000-0000-4000-8000-00000000dead', 'blocked', 'x', ${NOW})`)).toBe(false);
      expect(await call(tx, `public.push_set_interpreter_stance(1, '${OTHER_INTERPRETER_ID}', 'preferred', '${ADMIN_ID}', ${NOW})`)).toBe(true);
      expect(await call(tx, "public.push_interpreter_stances(1)")).toEqual({
        name: "Clinic A",
        stances: [
          { interpreter_id: INTERPRETER_ID, full_name: "Daniel Interpreter", stance: "preferred", set_at: expect.any(Number), set_by_name: "Amira Admin" },
          { interpreter_id: OTHER_INTERPRETER_ID, full_name: "Linh Interpreter", stance: "preferred", set_at: NOW, set_by_name: "Amira Admin" },
        ],
      });
      expect(await call(tx, "public.push_interpreter_stances(9)")).toBeNull();
      expect(await call(tx, `public.push_clear_interpreter_stance(2, '${OTHER_INTERPRETER_ID}')`)).toBe(false);
    });
  });

  it("the offers' candidates for Clinic A's appointment leave out whom it blocks and mark whom it prefers; a walk-in's, neither", async () => {
    await within(db, serviceRole, async (tx) => {
      await danielWorkedForA(tx);
      const [sql, params] = insertSql({ from: "2034-05-09T16:00:00Z", to: "2034-05-09T17:00:00Z" });
      const id = Number((await tx.query<{ id: number }>(`${sql} returning id`, params)).rows[0]!.id);
      const candidates = (except: number) =>
        call<{ linked: { id: string; preferred: boolean }[] }>(tx, "public.push_availability_candidates($1, $2, $3, $4)", [
          LANGUAGE.english,
          Date.UTC(2034, 4, 9, 16),
          Date.UTC(2034, 4, 9, 17),
          except,
        ]);
      // English: Daniel (Clinic A prefers him) and Linh (Clinic A blocks her).
      expect((await candidates(id)).linked.map(({ id: who, preferred }) => [who, preferred])).toEqual([[INTERPRETER_ID, true]]);
      await tx.query("update public.customers set organisation_id = null where id = 1");
      expect((await candidates(id)).linked.map(({ id: who, preferred }) => [who, preferred])).toEqual([
        [INTERPRETER_ID, false],
        [OTHER_INTERPRETER_ID, false],
      ]);
      // Firm B's block of Daniel never reaches Clinic A's appointment.
      await tx.query("update public.customers set organisation_id = 1 where id = 1");
      // Whom a call billed to Clinic A's customer never rings; a walk-in's rings everyone.
      expect(await call(tx, "public.push_blocked_interpreters(1)")).toEqual([OTHER_INTERPRETER_ID]);
      expect(await call(tx, "public.push_blocked_interpreters(999)")).toEqual([]);
      await tx.query(`delete from public.interpreter_stances where organisation_id = 1 and interpreter_id = '${OTHER_INTERPRETER_ID}'`);
      expect((await candidates(id)).linked.map(({ id: who }) => who)).toEqual([INTERPRETER_ID, OTHER_INTERPRETER_ID]);
    });
  });

  it("a request only for a past interpreter of the requester's own organisation; answered only through that organisation", async () => {
    await within(db, serviceRole, async (tx) => {
      await danielWorkedForA(tx);
      await tx.query(`delete from public.interpreter_stances where organisation_id = 1 and interpreter_id = '${INTERPRETER_ID}'`);
      expect(await call(tx, "public.push_past_interpreters(1)")).toEqual([{ id: INTERPRETER_ID, full_name: "Daniel Interpreter" }]);
      expect(await call(tx, "public.push_past_interpreters(2)")).toEqual([]);
      const request = (organisation: number, account: string, who: string) =>
        call(tx, `public.push_request_preference(${organisation}, '${account}', '${who}', 'note', ${NOW})`);
      expect(await request(CLINIC_A, REQUESTER_A, OTHER_INTERPRETER_ID)).toEqual({ reason: "pending" });
      expect(await request(FIRM_B, REQUESTER_B, OTHER_INTERPRETER_ID)).toEqual({ reason: "not-found" });
      expect(await request(CLINIC_A, REQUESTER_B, INTERPRETER_ID)).toEqual({ reason: "not-found" });
      const made = (await request(CLINIC_A, REQUESTER_A, INTERPRETER_ID)) as { id: number };
      expect(made).toEqual({ id: expect.any(Number) });
      expect(await call(tx, `public.push_answer_preference_request(2, ${made.id}, true, 'x', ${NOW})`)).toBe(false);
      expect(await call(tx, `public.push_answer_preference_request(1, ${made.id}, true, '${ADMIN_ID}', ${NOW})`)).toBe(true);
      expect(await call(tx, `public.push_answer_preference_request(1, ${made.id}, false, 'x', ${NOW})`)).toBe(false);
      expect(await request(CLINIC_A, REQUESTER_A, INTERPRETER_ID)).toEqual({ reason: "already" });
      expect((await call<{ stances: unknown[] }>(tx, "public.push_interpreter_stances(1)")).stances).toContainEqual(
        expect.objectContaining({ interpreter_id: INTERPRETER_ID, stance: "preferred", set_at: NOW }),
      );
      expect((await call<unknown[]>(tx, "public.push_preference_requests(1)")).map((row) => (row as { note: string }).note)).toEqual(["A asks"]);
    });
  });
});

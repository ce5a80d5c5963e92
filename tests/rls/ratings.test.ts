// supabase/migrations/20261205001400_push_ratings.sql on real Postgres (issue 27, build item 4): a requester's token
// reads only their organisation's ratings, an interpreter's reads none (never who rated), anon nothing, and only the
// service role calls the functions, which rate an item of the caller's organisation once it took place, change it within
// 7 days and not after, and answer another organisation's item as not found.
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, rowsAs, run, anon, serviceRole, signedIn, within } from "./support/db";
import { CUSTOMER_SQL, insertSql } from "./support/appointments";
import { permissionDenied } from "./support/expect";
import { admin, createWithFixtures, INTERPRETER_ID, interpreter } from "./support/fixtures";
import { call } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const REQUESTER_A = "00000000-0000-4000-8000-0000000000a1";
const REQUESTER_B = "00000000-0000-4000-8000-0000000000b1";
const requesterA = signedIn(REQUESTER_A, "Clinic A's requester");
const requesterB = signedIn(REQUESTER_B, "Firm B's requester");
const DAY = 86_400_000;
const NOW = Date.parse("2030-03-01T12:00:00Z");
const CALL = "call-of-firm-b";

/** Clinic A (customer 1, appointment 1) and Firm B (customer 2, appointment 2 and an answered call), each a requester. */
async function organisations() {
  await asSuperuser(db, CUSTOMER_SQL);
  await asSuperuser(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'a@clinic.test', '', now(), now()),
            ('00000000-0000-0000-0000-000000000000', $2, 'authenticated', 'authenticated', 'b@firm.test', '', now(), now())`,
    [REQUESTER_A, REQUESTER_B],
  );
  await asSuperuser(db, "insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B')");
  await asSuperuser(db, "update public.customers set organisation_id = 1 where id = 1");
  await asSuperuser(db, "insert into public.customers (id, name, email, organisation_id) overriding system value values (2, 'Bo', 'b@firm.test', 2)");
  await asSuperuser(db, "insert into public.customer_people (account_id, organisation_id, full_name) values ($1, 1, 'Ana'), ($2, 2, 'Bo')", [
    REQUESTER_A,
    REQUESTER_B,
  ]);
  for (const [id, from, to] of [
    [1, "2030-02-01T10:00:00Z", "2030-02-01T11:00:00Z"],
    [2, "2030-02-02T10:00:00Z", "2030-02-02T11:00:00Z"],
    [3, "2030-03-05T10:00:00Z", "2030-03-05T11:00:00Z"],
  ] as const) {
    await asSuperuser(db, ...insertSql({ id, status: "confirmed", interpreter: INTERPRETER_ID, from, to }));
  }
  await asSuperuser(db, "update public.appointments set customer_id = 2 where id = 2");
  await asSuperuser(
    db,
    `insert into public.call_log (id, language, type, caller_name, customer_id, interpreter_id, interpreter_name, outcome, requested_at, answered_at, ended_at)
     values ($1, 'Spanish', 'video', 'Bo', 2, $2, 'Daniel', 'answered', '2030-02-03T10:00:00Z', '2030-02-03T10:00:05Z', '2030-02-03T10:20:00Z')`,
    [CALL, INTERPRETER_ID],
  );
}

const db = fileDatabase(createWithFixtures, organisations);

const rate = (org: number, rater: string, kind: string, id: string, score: number, now = NOW) =>
  `public.push_rate(${org}, '${rater}', '${kind}', '${id}', ${score}, 'comment ${score}', ${now})`;

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(
    () => db,
    {
      push_rating_of: `public.push_rating_of(1, '${REQUESTER_A}', 'appointment', '1')`,
      push_rate: rate(1, REQUESTER_A, "appointment", "987", 4),
      push_own_rating: `public.push_own_rating('${INTERPRETER_ID}')`,
      push_interpreter_ratings: `public.push_interpreter_ratings('${INTERPRETER_ID}', 10)`,
      push_low_ratings: "public.push_low_ratings(10, 0)",
    },
    {
      push_rated_item: "private.push_rated_item(1, 'appointment', '1')",
      push_rating_row: `private.push_rating_row('${REQUESTER_A}', 'appointment', '1')`,
    },
  );
});

describe("rating (as the service role)", () => {
  it("rates the organisation's item once it is over, changes it within 7 days, and refuses after; another organisation's is not found", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await call(tx, rate(1, REQUESTER_A, "appointment", "1", 4))).toMatchObject({ ok: true, rating: { score: 4, comment: "comment 4" } });
      expect(await call(tx, rate(1, REQUESTER_A, "appointment", "1", 5, NOW + 7 * DAY - 1))).toMatchObject({ ok: true, rating: { score: 5 } });
      expect(await call(tx, rate(1, REQUESTER_A, "appointment", "1", 1, NOW + 7 * DAY))).toEqual({ ok: false, reason: "locked" });
      expect(await call(tx, rate(1, REQUESTER_A, "appointment", "3", 4))).toEqual({ ok: false, reason: "not-rateable" });
      // Firm B's appointment and call, by Clinic A's requester; Clinic A's appointment by Firm B's naming Clinic A.
      expect(await call(tx, rate(1, REQUESTER_A, "appointment", "2", 4))).toEqual({ ok: false, reason: "not-found" });
      expect(await call(tx, rate(1, REQUESTER_A, "call", CALL, 4))).toEqual({ ok: false, reason: "not-found" });
      expect(await call(tx, rate(1, REQUESTER_B, "appointment", "1", 1))).toEqual({ ok: false, reason: "not-found" });
      expect(await call(tx, `public.push_rating_of(2, '${REQUESTER_B}', 'appointment', '1')`)).toBeNull();
      expect(await call(tx, rate(2, REQUESTER_B, "call", CALL, 2))).toMatchObject({ ok: true });
      const rows = (await tx.query("select appointment_id, call_id, score, interpreter_id from public.ratings order by id")).rows;
      expect(rows).toEqual([
        { appointment_id: 1, call_id: null, score: 5, interpreter_id: INTERPRETER_ID },
        { appointment_id: null, call_id: CALL, score: 2, interpreter_id: INTERPRETER_ID },
      ]);
      expect(await call(tx, `public.push_own_rating('${INTERPRETER_ID}')`)).toEqual({ average: 3.5, count: 2 });
      const low = await call<{ total: number; items: { organisation_name: string; score: number }[] }>(tx, "public.push_low_ratings(10, 0)");
      expect(low).toMatchObject({ total: 1, items: [{ organisation_name: "Firm B", score: 2 }] });
    });
  });
});

describe("ratings: who reads which rows", () => {
  it("a requester reads only their organisation's, an interpreter none, an admin all, anon nothing", async () => {
    await asSuperuser(
      db,
      `insert into public.ratings (appointment_id, call_id, rater_id, interpreter_id, score, comment, created_at, updated_at)
       values (1, null, $1, $3, 4, 'A', now(), now()), (null, $4, $2, $3, 2, 'B', now(), now())`,
      [REQUESTER_A, REQUESTER_B, INTERPRETER_ID, CALL],
    );
    try {
      expect(await rowsAs(db, requesterA, "select comment from public.ratings")).toEqual([{ comment: "A" }]);
      expect(await rowsAs(db, requesterB, "select comment from public.ratings")).toEqual([{ comment: "B" }]);
      expect(await rowsAs(db, interpreter, "select comment, rater_id from public.ratings")).toEqual([]);
      expect(await rowsAs(db, admin, "select comment from public.ratings order by comment")).toEqual([{ comment: "A" }, { comment: "B" }]);
      expect(await run(db, anon, "select * from public.ratings")).toEqual(permissionDenied("table ratings"));
      // Nobody but the worker writes: a requester cannot add or change one.
      expect(await run(db, requesterA, "update public.ratings set score = 1")).toEqual(permissionDenied("table ratings"));
      expect(
        await run(
          db,
          requesterA,
          `insert into public.ratings (appointment_id, rater_id, score, created_at, updated_at) values (1, '${REQUESTER_A}', 1, now(), now())`,
        ),
      ).toEqual(permissionDenied("table ratings"));
    } finally {
      await asSuperuser(db, "delete from public.ratings");
    }
  });
});

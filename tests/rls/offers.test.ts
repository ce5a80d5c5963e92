// supabase/migrations/20261203000100_push_appointment_offers.sql on real Postgres (issue 25): who reaches the offers and
// the unfilled notices through the public API — anon nothing; an interpreter reads their own offers (nobody else's,
// and no notice) and writes nothing; an admin reads both and writes nothing either (the worker answers, with the
// service role) — and what the tables refuse on their own, whoever writes: a second accepted offer of one appointment,
// a second offer to one interpreter, a status outside the four; the appointments' exclusion constraint refusing a
// confirmation that would double-book; and the cascades when an appointment or a person goes. The functions are in
// offer-functions.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, count, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL, DOUBLE_BOOKING, insertSql } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import {
  accountWithoutProfile,
  admin,
  ADMIN_ID,
  createWithFixtures,
  INTERPRETER_ID,
  interpreter,
  OTHER_INTERPRETER_ID,
  otherInterpreter,
} from "./support/fixtures";

// Appointments, 2034-05-02 to 04 in UTC: #1 offered 16:00–18:00, to the interpreter (offer #1, open) and the other
// interpreter (#2, open); #2 offered 16:00–17:00 on the 3rd, to the interpreter (#3, declined), flagged unfilled; #3
// the interpreter's, confirmed 16:00–18:00 on the 4th; #4 requested 17:00–18:00 on the 4th (overlapping #3).
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  const rows = [
    { id: 1, status: "offered", from: "2034-05-02T16:00:00Z", to: "2034-05-02T18:00:00Z" },
    { id: 2, status: "offered", from: "2034-05-03T16:00:00Z", to: "2034-05-03T17:00:00Z" },
    { id: 3, status: "confirmed", interpreter: INTERPRETER_ID, from: "2034-05-04T16:00:00Z", to: "2034-05-04T18:00:00Z" },
    { id: 4, from: "2034-05-04T17:00:00Z", to: "2034-05-04T18:00:00Z" },
  ];
  for (const row of rows) await asSuperuser(db, ...insertSql(row));
  await db.exec(`
    insert into public.appointment_offers (id, appointment_id, interpreter_id, status, offered_at, expires_at, responded_at)
      overriding system value values
      (1, 1, '${INTERPRETER_ID}', 'open', '2034-05-01T10:00:00Z', '2034-05-02T10:00:00Z', null),
      (2, 1, '${OTHER_INTERPRETER_ID}', 'open', '2034-05-01T10:00:00Z', '2034-05-02T10:00:00Z', null),
      (3, 2, '${INTERPRETER_ID}', 'declined', '2034-05-01T10:00:00Z', '2034-05-02T10:00:00Z', '2034-05-01T11:00:00Z');
    select setval(pg_get_serial_sequence('public.appointment_offers', 'id'), 3);
    insert into public.unfilled_notices (appointment_id, noticed_at, change_id)
      values (2, '2034-05-01T11:00:00Z', '00000000-0000-4000-8000-0000000000f1');
  `);
});

const TABLES = ["appointment_offers", "unfilled_notices"] as const;
/** Each table's writes: a new valid row, and every row changed or deleted. */
const WRITES = {
  appointment_offers: {
    insert: `insert into public.appointment_offers (appointment_id, interpreter_id, offered_at, expires_at)
             values (4, '${INTERPRETER_ID}', now(), now() + interval '1 day')`,
    update: "update public.appointment_offers set expires_at = expires_at + interval '1 hour'",
    delete: "delete from public.appointment_offers",
  },
  unfilled_notices: {
    insert: "insert into public.unfilled_notices (appointment_id, noticed_at, change_id) values (1, now(), gen_random_uuid())",
    update: "update public.unfilled_notices set noticed_at = now()",
    delete: "delete from public.unfilled_notices",
  },
};
const statementsOf = (table: (typeof TABLES)[number]) => ({ select: `select * from public.${table}`, ...WRITES[table] });

/** The ids of the offers the actor reads. */
const offerIds = async (actor: Actor) => (await rowsAs(db, actor, "select id from public.appointment_offers order by id")).map((row) => row.id);
const noticeIds = async (actor: Actor) =>
  (await rowsAs(db, actor, "select appointment_id from public.unfilled_notices order by appointment_id")).map((row) => row.appointment_id);

describe("anon reaches nothing", () => {
  for (const table of TABLES) itRefusesByPrivileges(() => db, table, statementsOf(table), [["anon", anon]]);

  it("and holds no privilege on the offers' id sequence (nor do signed-in users: the identity column needs none)", async () => {
    expect(
      await asSuperuser(
        db,
        `select has_sequence_privilege('anon', pg_get_serial_sequence('public.appointment_offers', 'id'), 'usage') as anon,
                has_sequence_privilege('authenticated', pg_get_serial_sequence('public.appointment_offers', 'id'), 'usage') as authenticated`,
      ),
    ).toEqual([{ anon: false, authenticated: false }]);
  });
});

describe("who reads what", () => {
  it("offers: each interpreter their own, an admin every one, an account without a users row none", async () => {
    expect(await offerIds(interpreter)).toEqual([1, 3]);
    expect(await offerIds(otherInterpreter)).toEqual([2]);
    expect(await offerIds(admin)).toEqual([1, 2, 3]);
    expect(await offerIds(accountWithoutProfile)).toEqual([]);
    expect(await offerIds(serviceRole)).toEqual([1, 2, 3]);
  });

  it("unfilled notices: admins (and the worker) only", async () => {
    expect(await noticeIds(admin)).toEqual([2]);
    expect(await noticeIds(serviceRole)).toEqual([2]);
    for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) expect(await noticeIds(actor)).toEqual([]);
  });

  it("an interpreter offered an appointment still does not read the appointment itself (only the worker shows it to them)", async () => {
    expect(await rowsAs(db, interpreter, "select id from public.appointments order by id")).toEqual([{ id: 3 }]);
  });
});

describe("nobody but the worker writes them: not an interpreter, not even on their own offer, nor an admin", () => {
  for (const table of TABLES) {
    itRefusesByPrivileges(() => db, table, WRITES[table], [
      ["an interpreter", interpreter],
      ["an admin", admin],
    ]);
  }

  it("an interpreter accepting their own open offer straight in the table is refused, and it stays open", async () => {
    expect(await run(db, interpreter, "update public.appointment_offers set status = 'accepted' where id = 1")).toEqual(
      permissionDenied("table appointment_offers"),
    );
    expect(await asSuperuser(db, "select status from public.appointment_offers where id = 1")).toEqual([{ status: "open" }]);
  });

  it("the service role writes both", async () => {
    await within(db, serviceRole, async (tx) => {
      for (const table of TABLES) {
        for (const sql of Object.values(WRITES[table])) {
          expect(await attempt(tx, sql), `${table}: ${sql}`).toMatchObject({ ok: true });
        }
      }
    });
  });
});

describe("what the tables refuse, whoever writes", () => {
  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: a second accepted offer of one appointment (the partial unique index)", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, "update public.appointment_offers set status = 'accepted' where id = 1")).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, "update public.appointment_offers set status = 'accepted' where id = 2")).toMatchObject({
        ok: false,
        code: "23505",
        message: 'duplicate key value violates unique constraint "appointment_offers_one_accepted_key"',
      });
      // Accepted offers of different appointments are fine.
      expect(await attempt(tx, "update public.appointment_offers set status = 'accepted' where id = 3")).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: a second offer of one appointment to one interpreter, a status outside the four, a row for nobody", async (_name, actor) => {
    const offer = (appointment: number, person: string, status = "open") =>
      `insert into public.appointment_offers (appointment_id, interpreter_id, status, offered_at, expires_at)
       values (${appointment}, '${person}', '${status}', now(), now() + interval '1 hour')`;
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, offer(1, INTERPRETER_ID))).toMatchObject({
        ok: false,
        code: "23505",
        message: 'duplicate key value violates unique constraint "appointment_offers_appointment_id_interpreter_id_key"',
      });
      expect(await attempt(tx, offer(4, INTERPRETER_ID, "expired"))).toMatchObject({
        ok: false,
        code: "23514",
        message: expect.stringContaining('"appointment_offers_status_check"'),
      });
      expect(await attempt(tx, offer(4, "00000000-0000-4000-8000-00000000dead"))).toMatchObject({ ok: false, code: "23503" });
      expect(await attempt(tx, offer(99, INTERPRETER_ID))).toMatchObject({ ok: false, code: "23503" });
      expect(
        await attempt(tx, "insert into public.unfilled_notices (appointment_id, noticed_at, change_id) values (2, now(), gen_random_uuid())"),
      ).toMatchObject({
        ok: false,
        code: "23505",
      });
      expect(await attempt(tx, offer(4, ADMIN_ID))).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: confirming an appointment to an interpreter who has an overlapping confirmed one (23P01)", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const confirm = "update public.appointments set status = 'confirmed', interpreter_id = $2 where id = $1";
      expect(await attempt(tx, confirm, [4, INTERPRETER_ID])).toMatchObject(DOUBLE_BOOKING);
      expect(await attempt(tx, confirm, [4, OTHER_INTERPRETER_ID])).toEqual(ONE_ROW_AFFECTED);
    });
  });
});

describe("the cascades", () => {
  it("deleting an appointment deletes its offers and its unfilled notice", async () => {
    await within(db, null, async (tx) => {
      await tx.query("delete from public.appointments where id in (1, 2)");
      expect((await tx.query("select count(*)::int as n from public.appointment_offers")).rows).toEqual([{ n: 0 }]);
      expect((await tx.query("select count(*)::int as n from public.unfilled_notices")).rows).toEqual([{ n: 0 }]);
    });
  });

  it.each([
    ["the users row", "delete from public.users where id = $1"],
    ["the sign-in account (auth.users, which the users row follows)", "delete from auth.users where id = $1"],
  ])("deleting %s deletes that person's offers", async (_name, sql) => {
    await within(db, null, async (tx) => {
      // Their confirmed appointment (#3) is kept, with nobody on it (the appointments' own ON DELETE SET NULL).
      await tx.query(sql, [INTERPRETER_ID]);
      expect((await tx.query("select id, interpreter_id from public.appointment_offers order by id")).rows).toEqual([
        { id: 2, interpreter_id: OTHER_INTERPRETER_ID },
      ]);
    });
    expect(await count(db, "public.appointment_offers")).toBe(3);
  });
});

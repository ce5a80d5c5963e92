// supabase/migrations/20261203000200_push_appointment_reminders.sql on real Postgres (issue 25). Who reaches the
// reminders through the public API — anon nothing; an interpreter nothing, not even their own appointment's; an admin
// reads them and writes nothing (the cron writes, with the service role) — and what the table refuses on its own,
// whoever writes: a kind outside day and hour, a second reminder of one kind, a row for no appointment; the cascade when
// an appointment goes. Then its functions: only the service role executes them; which confirmed appointments are due;
// a reminder written once, its e-mails only with the call that wrote it, never for an appointment not confirmed.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { anon, asSuperuser, becomeActor, count, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL, HOUR, insertSql } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, INTERPRETER_ID, interpreter, OTHER_INTERPRETER_ID, otherInterpreter } from "./support/fixtures";
import { ms } from "./support/offers";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

/** 2026-11-25T10:00:00.123Z: a millisecond that must survive the round trip through timestamptz. */
const NOW = 1_764_064_800_123;
/** 2034-05-02 16:00 UTC. */
const DAY_1 = Date.UTC(2034, 4, 2, 16);
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();

describe("the table: who reaches it, what it refuses, its cascade", () => {
  // Appointments: #1 confirmed to the interpreter, 2034-05-02 16:00–18:00, with its day reminder; #2 confirmed to the
  // other interpreter, 2034-05-03 16:00–17:00, with its hour reminder; #3 requested, 2034-05-04 16:00–17:00.
  const db = fileDatabase(createWithFixtures, async () => {
    await asSuperuser(db, CUSTOMER_SQL);
    const rows = [
      { id: 1, status: "confirmed", interpreter: INTERPRETER_ID, from: "2034-05-02T16:00:00Z", to: "2034-05-02T18:00:00Z" },
      { id: 2, status: "confirmed", interpreter: OTHER_INTERPRETER_ID, from: "2034-05-03T16:00:00Z", to: "2034-05-03T17:00:00Z" },
      { id: 3, from: "2034-05-04T16:00:00Z", to: "2034-05-04T17:00:00Z" },
    ];
    for (const row of rows) await asSuperuser(db, ...insertSql(row));
    await db.exec(`
      insert into public.appointment_reminders (appointment_id, kind, sent_at, change_id) values
        (1, 'day', '2034-05-01T16:00:00Z', '00000000-0000-4000-8000-0000000000e1'),
        (2, 'hour', '2034-05-03T15:00:00Z', '00000000-0000-4000-8000-0000000000e2');
    `);
  });

  const WRITES = {
    insert: "insert into public.appointment_reminders (appointment_id, kind, sent_at, change_id) values (1, 'hour', now(), gen_random_uuid())",
    update: "update public.appointment_reminders set sent_at = sent_at + interval '1 hour'",
    delete: "delete from public.appointment_reminders",
  };
  const reminders = async (actor: Actor) =>
    (await rowsAs(db, actor, "select appointment_id, kind from public.appointment_reminders order by appointment_id, kind")).map(
      (row) => `${String(row.appointment_id)} ${String(row.kind)}`,
    );

  describe("anon reaches nothing", () => {
    itRefusesByPrivileges(() => db, "appointment_reminders", { select: "select * from public.appointment_reminders", ...WRITES }, [["anon", anon]]);
  });

  describe("who reads what", () => {
    it("admins (and the worker) read every reminder", async () => {
      expect(await reminders(admin)).toEqual(["1 day", "2 hour"]);
      expect(await reminders(serviceRole)).toEqual(["1 day", "2 hour"]);
    });

    it("an interpreter reads none, not even their own appointment's; nor does an account without a users row", async () => {
      for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) expect(await reminders(actor)).toEqual([]);
    });
  });

  describe("nobody but the worker writes them: not an interpreter, nor an admin", () => {
    itRefusesByPrivileges(() => db, "appointment_reminders", WRITES, [
      ["an interpreter", interpreter],
      ["an admin", admin],
    ]);

    it("an admin deleting a reminder (so that it goes again) is refused, and it stays", async () => {
      expect(await run(db, admin, "delete from public.appointment_reminders where appointment_id = 1")).toEqual(
        permissionDenied("table appointment_reminders"),
      );
      expect(await count(db, "public.appointment_reminders")).toBe(2);
    });

    it("the service role writes it", async () => {
      await within(db, serviceRole, async (tx) => {
        for (const sql of Object.values(WRITES)) expect(await attempt(tx, sql), sql).toMatchObject({ ok: true });
      });
    });
  });

  describe("what the table refuses, whoever writes", () => {
    it.each([
      ["the service role", serviceRole],
      ["the superuser (the SQL editor)", null],
    ] as const)("%s: a second reminder of one kind, a kind outside day and hour, a row for no appointment, no change id", async (_name, actor) => {
      const insert = (appointment: number, kind: string, changeId = "gen_random_uuid()") =>
        `insert into public.appointment_reminders (appointment_id, kind, sent_at, change_id) values (${appointment}, '${kind}', now(), ${changeId})`;
      await within(db, actor, async (tx) => {
        expect(await attempt(tx, insert(1, "day"))).toMatchObject({
          ok: false,
          code: "23505",
          message: 'duplicate key value violates unique constraint "appointment_reminders_pkey"',
        });
        expect(await attempt(tx, insert(3, "week"))).toMatchObject({
          ok: false,
          code: "23514",
          message: expect.stringContaining('"appointment_reminders_kind_check"'),
        });
        expect(await attempt(tx, insert(99, "day"))).toMatchObject({ ok: false, code: "23503" });
        expect(await attempt(tx, insert(3, "day", "null"))).toMatchObject({ ok: false, code: "23502" });
        // The other kind of the same appointment is its own row.
        expect(await attempt(tx, insert(1, "hour"))).toEqual(ONE_ROW_AFFECTED);
      });
    });
  });

  it("deleting an appointment deletes its reminders", async () => {
    await within(db, null, async (tx) => {
      await tx.query("delete from public.appointments where id = 1");
      expect((await tx.query("select appointment_id from public.appointment_reminders")).rows).toEqual([{ appointment_id: 2 }]);
    });
    expect(await count(db, "public.appointment_reminders")).toBe(2);
  });
});

describe("the functions", () => {
  const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

  /** An appointment of an hour from `from` (its span too), confirmed to the interpreter unless said otherwise. */
  async function book(tx: Transaction, id: number, from: number, status = "confirmed", person = INTERPRETER_ID) {
    const interpreterId = status === "requested" || status === "offered" ? null : person;
    await tx.query(...insertSql({ id, status, interpreter: interpreterId, from: iso(from), to: iso(from + HOUR) }));
    return id;
  }
  const mail = (subject: string, to = "customer@example.com") => ({ kind: "appointment-reminder", to_email: to, subject, body: "Body" });
  const outbox = (tx: Transaction) => rowsOf(tx, "select appointment_id, kind, to_email, subject, created_at from public.mail_outbox order by id");
  const remind = (tx: Transaction, id: number, kind: string, now: number, mails: object[] = []) =>
    call<boolean>(tx, "public.push_remind_appointment(p_appointment_id => $1, p_kind => $2, p_now => $3, p_mails => $4)", [
      id,
      kind,
      now,
      JSON.stringify(mails),
    ]);
  const due = async (tx: Transaction, kind: string, after: number, by: number) =>
    (await call<{ id: number }[]>(tx, "public.push_reminders_due(p_kind => $1, p_after => $2, p_by => $3)", [kind, after, by])).map(
      (appointment) => appointment.id,
    );
  const sent = async (tx: Transaction, id: number) =>
    (await call<{ kind: string; sent_at: string }[]>(tx, "public.push_appointment_reminders($1)", [id])).map((row) => [row.kind, ms(row.sent_at)]);

  describe("only the service role executes them", () => {
    const CALLS: Record<string, string> = {
      push_reminders_due: "public.push_reminders_due('day', 1, 2)",
      push_remind_appointment: "public.push_remind_appointment(1, 'day', 1)",
      push_appointment_reminders: "public.push_appointment_reminders(1)",
    };

    itIsTheServiceRolesAlone(() => db, CALLS);
  });

  describe("push_reminders_due (as the service role)", () => {
    it("confirmed appointments starting in (after, by] without that kind's reminder, by start then id; others never", async () => {
      await within(db, serviceRole, async (tx) => {
        // Two at the same start (booked in reverse order of their ids), one later, and one of each other status between.
        const second = await book(tx, 2, DAY_1);
        const first = await book(tx, 1, DAY_1, "confirmed", OTHER_INTERPRETER_ID);
        const later = await book(tx, 3, DAY_1 + 4 * HOUR);
        for (const [index, status] of ["requested", "offered", "completed", "cancelled"].entries()) await book(tx, 10 + index, DAY_1 + HOUR, status);

        expect(await due(tx, "day", DAY_1 - 1, DAY_1 + 4 * HOUR)).toEqual([first, second, later]);
        // (after, by]: a start at `after` is not due, one at `by` is.
        expect(await due(tx, "day", DAY_1, DAY_1 + 4 * HOUR)).toEqual([later]);
        expect(await due(tx, "day", DAY_1 - 1, DAY_1)).toEqual([first, second]);
        expect(await due(tx, "day", DAY_1 + 4 * HOUR, DAY_1 + 5 * HOUR)).toEqual([]);

        await remind(tx, first, "day", NOW);
        expect(await due(tx, "day", DAY_1 - 1, DAY_1 + 4 * HOUR)).toEqual([second, later]);
        expect(await due(tx, "hour", DAY_1 - 1, DAY_1 + 4 * HOUR)).toEqual([first, second, later]);
        // A millisecond counts (the instants survive the round trip).
        expect(await due(tx, "hour", DAY_1 + 4 * HOUR - 1, DAY_1 + 4 * HOUR)).toEqual([later]);
        expect(await due(tx, "hour", DAY_1 + 4 * HOUR - 2, DAY_1 + 4 * HOUR - 1)).toEqual([]);
      });
    });

    it("answers each as push_get_appointment does, at most 100, the soonest first", async () => {
      await within(db, serviceRole, async (tx) => {
        for (let index = 0; index < 101; index++) await book(tx, 101 - index, DAY_1 + index * 3 * HOUR);
        const answer = await call<{ id: number }[]>(tx, "public.push_reminders_due('hour', $1, $2)", [DAY_1 - 1, DAY_1 + 400 * DAY]);
        expect(answer).toHaveLength(100);
        expect([answer[0]!.id, answer.at(-1)!.id]).toEqual([101, 2]);
        expect(answer[0]).toEqual(await call(tx, "public.push_get_appointment($1)", [101]));
      });
    });
  });

  describe("push_remind_appointment and push_appointment_reminders (as the service role)", () => {
    it("written once, its e-mails only with the call that wrote it; the other kind separately; listed by sent_at, then kind", async () => {
      await within(db, serviceRole, async (tx) => {
        const id = await book(tx, 1, DAY_1);
        expect(await remind(tx, id, "hour", NOW, [mail("hour"), mail("hour", "daniel@push.test")])).toBe(true);
        expect(await remind(tx, id, "hour", NOW + 1, [mail("again")])).toBe(false);
        expect(await remind(tx, id, "hour", NOW + 2)).toBe(false);
        expect(await outbox(tx)).toEqual([
          { appointment_id: id, kind: "appointment-reminder", to_email: "customer@example.com", subject: "hour", created_at: NOW },
          { appointment_id: id, kind: "appointment-reminder", to_email: "daniel@push.test", subject: "hour", created_at: NOW },
        ]);
        // Sent at the same instant: by kind.
        expect(await remind(tx, id, "day", NOW)).toBe(true);
        expect(await sent(tx, id)).toEqual([
          ["day", NOW],
          ["hour", NOW],
        ]);
        expect(await rowsOf(tx, "select count(distinct change_id)::int as n from public.appointment_reminders")).toEqual([{ n: 2 }]);
        expect(await sent(tx, 99)).toEqual([]);
      });
    });

    it("by sent_at first: a later day reminder comes after an earlier hour one", async () => {
      await within(db, serviceRole, async (tx) => {
        const id = await book(tx, 1, DAY_1);
        await remind(tx, id, "hour", NOW);
        await remind(tx, id, "day", NOW + 1);
        expect(await sent(tx, id)).toEqual([
          ["hour", NOW],
          ["day", NOW + 1],
        ]);
      });
    });

    it("never for an appointment not confirmed (requested, offered, completed, cancelled) or none: false, storing nothing", async () => {
      await within(db, serviceRole, async (tx) => {
        for (const [index, status] of ["requested", "offered", "completed", "cancelled"].entries()) {
          const id = await book(tx, index + 1, DAY_1 + index * DAY, status);
          expect(await remind(tx, id, "day", NOW, [mail("never")]), status).toBe(false);
          expect(await sent(tx, id)).toEqual([]);
        }
        expect(await remind(tx, 99, "day", NOW, [mail("never")])).toBe(false);
        expect(await rowsOf(tx, "select appointment_id from public.appointment_reminders")).toEqual([]);
        expect(await outbox(tx)).toEqual([]);

        // Cancelled after its day reminder: the hour's never goes.
        const confirmed = await book(tx, 10, DAY_1 + 10 * DAY);
        expect(await remind(tx, confirmed, "day", NOW)).toBe(true);
        await tx.query("update public.appointments set status = 'cancelled' where id = $1", [confirmed]);
        expect(await remind(tx, confirmed, "hour", NOW + 1, [mail("never")])).toBe(false);
        expect(await sent(tx, confirmed)).toEqual([["day", NOW]]);
        expect(await outbox(tx)).toEqual([]);
      });
    });

    it("a kind outside day and hour is refused by the table (23514), storing no e-mail", async () => {
      await within(db, serviceRole, async (tx) => {
        const id = await book(tx, 1, DAY_1);
        const sql = "select public.push_remind_appointment(p_appointment_id => $1, p_kind => 'week', p_now => $2, p_mails => $3) as value";
        expect(await attempt(tx, sql, [id, NOW, JSON.stringify([mail("never")])])).toMatchObject({ ok: false, code: "23514" });
        expect(await outbox(tx)).toEqual([]);
      });
    });

    it("two writes at the same moment: the second finds the first's row (ON CONFLICT DO NOTHING), answers false and stores no e-mail", async () => {
      // One connection cannot run two calls at once; a trigger stands in for the other one, writing the same reminder
      // just before this call's INSERT checks for a conflict (as another call committing at that moment would).
      await within(db, null, async (tx) => {
        await tx.exec(`
          create function public.concurrent_reminder() returns trigger language plpgsql as $$
          begin
            if pg_catalog.pg_trigger_depth() = 1 then
              insert into public.appointment_reminders (appointment_id, kind, sent_at, change_id)
              values (new.appointment_id, new.kind, new.sent_at - interval '1 millisecond', gen_random_uuid());
            end if;
            return new;
          end $$;
          create trigger concurrent_reminder before insert on public.appointment_reminders
            for each row execute function public.concurrent_reminder();`);
        await becomeActor(tx, serviceRole);
        const id = await book(tx, 1, DAY_1);
        expect(await remind(tx, id, "hour", NOW, [mail("never")])).toBe(false);
        // Only the other write's row, and none of this call's e-mails.
        expect(await sent(tx, id)).toEqual([["hour", NOW - 1]]);
        expect(await outbox(tx)).toEqual([]);
      });
    });
  });
});

// supabase/migrations/20261203000000_push_availability.sql on real Postgres (issue 25): who reaches interpreters'
// working hours, time off and credentials through the public API — anon nothing; an interpreter reads their own rows
// of all three and writes their own hours and time off (never anyone else's, never a credential, not even their own);
// an admin everything — and what the tables refuse on their own, whoever writes (an interval that does not end after
// it starts, time off that ends before it begins), and that removing a person removes their rows. The functions are in
// availability-functions.test.ts.
import { describe, expect, it } from "vitest";
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
import { anon, asSuperuser, count, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { attempt } from "./support/appointments";
import { AVAILABILITY_FIXTURES } from "./support/availability";
import { itRefusesByPrivileges, NO_ROWS_AFFECTED, ONE_ROW_AFFECTED, rlsRefusal } from "./support/expect";

const db = fileDatabase(createWithFixtures, () => db.exec(AVAILABILITY_FIXTURES));

const TABLES = ["working_hours", "time_off", "credentials"] as const;
type AvailabilityTable = (typeof TABLES)[number];

/** A new row of `table` for `userId`, valid and unlike the fixtures'. */
const insertFor = (table: AvailabilityTable, userId: string) =>
  ({
    working_hours: `insert into public.working_hours (user_id, weekday, start_minute, end_minute) values ('${userId}', 7, 600, 660)`,
    time_off: `insert into public.time_off (user_id, first_day, last_day, note) values ('${userId}', '2034-12-24', '2034-12-26', 'Holidays')`,
    credentials: `insert into public.credentials (user_id, name, expires_on) values ('${userId}', 'Conference', null)`,
  })[table];
/** A change to every row of `table` that `userId` holds (which the fixtures give each interpreter). */
const updateOf = (table: AvailabilityTable, userId: string) =>
  ({
    working_hours: `update public.working_hours set end_minute = end_minute - 1 where user_id = '${userId}'`,
    time_off: `update public.time_off set note = 'Changed' where user_id = '${userId}'`,
    credentials: `update public.credentials set expires_on = '2099-01-01' where user_id = '${userId}'`,
  })[table];
const deleteOf = (table: AvailabilityTable, userId: string) => `delete from public.${table} where user_id = '${userId}'`;
const rowsOfOther: Record<AvailabilityTable, number> = { working_hours: 1, time_off: 1, credentials: 1 };
const rowsOfInterpreter: Record<AvailabilityTable, number> = { working_hours: 3, time_off: 2, credentials: 2 };

/** The users whose rows of `table` the actor reads, with how many of each. */
async function visible(actor: Actor, table: AvailabilityTable): Promise<Record<string, number>> {
  const rows = await rowsAs(db, actor, `select user_id, count(*)::int as n from public.${table} group by user_id order by user_id`);
  return Object.fromEntries(rows.map((row) => [String(row.user_id), Number(row.n)]));
}

describe("anon reaches nothing", () => {
  for (const table of TABLES) {
    itRefusesByPrivileges(
      () => db,
      table,
      {
        select: `select * from public.${table}`,
        insert: insertFor(table, INTERPRETER_ID),
        update: updateOf(table, INTERPRETER_ID),
        delete: deleteOf(table, INTERPRETER_ID),
      },
      [["anon", anon]],
    );
  }

  it("and holds no privilege on the id sequences (nor do signed-in users: identity columns need none)", async () => {
    for (const table of ["time_off", "credentials"]) {
      expect(
        await asSuperuser(
          db,
          `select has_sequence_privilege('anon', pg_get_serial_sequence($1, 'id'), 'usage') as anon,
                  has_sequence_privilege('authenticated', pg_get_serial_sequence($1, 'id'), 'usage') as authenticated`,
          [`public.${table}`],
        ),
        table,
      ).toEqual([{ anon: false, authenticated: false }]);
    }
  });
});

describe("who reads what", () => {
  it.each(TABLES)("%s: each interpreter their own rows, an admin every row, an account without a users row none", async (table) => {
    expect(await visible(interpreter, table)).toEqual({ [INTERPRETER_ID]: rowsOfInterpreter[table] });
    expect(await visible(otherInterpreter, table)).toEqual({ [OTHER_INTERPRETER_ID]: rowsOfOther[table] });
    expect(await visible(admin, table)).toEqual({ [INTERPRETER_ID]: rowsOfInterpreter[table], [OTHER_INTERPRETER_ID]: rowsOfOther[table] });
    expect(await visible(accountWithoutProfile, table)).toEqual({});
    expect(await visible(serviceRole, table)).toEqual(await visible(admin, table));
  });
});

describe("an interpreter writes their own hours and time off, and nobody else's", () => {
  it.each(["working_hours", "time_off"] as const)("%s: inserts, updates and deletes their own rows", async (table) => {
    expect(await run(db, interpreter, insertFor(table, INTERPRETER_ID))).toEqual(ONE_ROW_AFFECTED);
    expect(await run(db, interpreter, updateOf(table, INTERPRETER_ID))).toEqual({ ok: true, rows: [], affected: rowsOfInterpreter[table] });
    expect(await run(db, interpreter, deleteOf(table, INTERPRETER_ID))).toEqual({ ok: true, rows: [], affected: rowsOfInterpreter[table] });
  });

  it.each(["working_hours", "time_off"] as const)("%s: another's row is refused (insert) or out of reach (update, delete)", async (table) => {
    expect(await run(db, interpreter, insertFor(table, OTHER_INTERPRETER_ID))).toEqual(rlsRefusal(table));
    expect(await run(db, interpreter, insertFor(table, ADMIN_ID))).toEqual(rlsRefusal(table));
    expect(await run(db, interpreter, updateOf(table, OTHER_INTERPRETER_ID))).toEqual(NO_ROWS_AFFECTED);
    expect(await run(db, interpreter, deleteOf(table, OTHER_INTERPRETER_ID))).toEqual(NO_ROWS_AFFECTED);
    expect(await count(db, `public.${table}`, "user_id = $1", [OTHER_INTERPRETER_ID])).toBe(rowsOfOther[table]);
  });

  it.each(["working_hours", "time_off"] as const)("%s: cannot hand a row of theirs to someone else", async (table) => {
    const move = `update public.${table} set user_id = '${OTHER_INTERPRETER_ID}' where user_id = '${INTERPRETER_ID}'`;
    expect(await run(db, interpreter, move)).toEqual(rlsRefusal(table));
  });

  it("an account without a users row writes nothing (its own id names no users row either)", async () => {
    expect(await run(db, accountWithoutProfile, insertFor("time_off", OTHER_INTERPRETER_ID))).toEqual(rlsRefusal("time_off"));
    expect(await run(db, accountWithoutProfile, deleteOf("working_hours", INTERPRETER_ID))).toEqual(NO_ROWS_AFFECTED);
  });
});

describe("credentials are recorded by admins only", () => {
  it("an interpreter cannot insert one, not even their own", async () => {
    expect(await run(db, interpreter, insertFor("credentials", INTERPRETER_ID))).toEqual(rlsRefusal("credentials"));
    expect(await run(db, interpreter, insertFor("credentials", OTHER_INTERPRETER_ID))).toEqual(rlsRefusal("credentials"));
  });

  it("an interpreter's update or delete of their own (or another's) reaches no row", async () => {
    for (const userId of [INTERPRETER_ID, OTHER_INTERPRETER_ID]) {
      expect(await run(db, interpreter, updateOf("credentials", userId))).toEqual(NO_ROWS_AFFECTED);
      expect(await run(db, interpreter, deleteOf("credentials", userId))).toEqual(NO_ROWS_AFFECTED);
    }
    expect(await count(db, "public.credentials")).toBe(3);
  });
});

describe("an admin writes anyone's rows", () => {
  it.each(TABLES)("%s: inserts, updates and deletes an interpreter's rows", async (table) => {
    for (const userId of [INTERPRETER_ID, OTHER_INTERPRETER_ID]) {
      expect(await run(db, admin, insertFor(table, userId))).toEqual(ONE_ROW_AFFECTED);
      expect(await run(db, admin, updateOf(table, userId))).toMatchObject({
        ok: true,
        affected: (userId === INTERPRETER_ID ? rowsOfInterpreter : rowsOfOther)[table],
      });
      expect(await run(db, admin, deleteOf(table, userId))).toMatchObject({
        ok: true,
        affected: (userId === INTERPRETER_ID ? rowsOfInterpreter : rowsOfOther)[table],
      });
    }
    // Their own too (an admin may interpret).
    expect(await run(db, admin, insertFor(table, ADMIN_ID))).toEqual(ONE_ROW_AFFECTED);
  });
});

describe("what the tables refuse, whoever writes", () => {
  const refused = (constraint: string) => ({ ok: false, code: "23514", message: expect.stringContaining(`"${constraint}"`) });
  const hours = (weekday: number, start: number, end: number) =>
    `insert into public.working_hours (user_id, weekday, start_minute, end_minute) values ('${INTERPRETER_ID}', ${weekday}, ${start}, ${end})`;

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
    ["the interpreter, on their own row", interpreter],
  ] as const)("%s: an interval that does not end after it starts, or outside the day or week", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, hours(2, 600, 600))).toMatchObject(refused("working_hours_interval_check"));
      expect(await attempt(tx, hours(2, 660, 600))).toMatchObject(refused("working_hours_interval_check"));
      expect(await attempt(tx, hours(0, 600, 660))).toMatchObject(refused("working_hours_weekday_check"));
      expect(await attempt(tx, hours(8, 600, 660))).toMatchObject(refused("working_hours_weekday_check"));
      expect(await attempt(tx, hours(2, -1, 660))).toMatchObject(refused("working_hours_start_minute_check"));
      // (Past both ends of the day: which of its checks Postgres names first is its own choice.)
      expect(await attempt(tx, hours(2, 1440, 1441))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, hours(2, 600, 1441))).toMatchObject(refused("working_hours_end_minute_check"));
      expect(await attempt(tx, "update public.working_hours set end_minute = start_minute where weekday = 1")).toMatchObject(
        refused("working_hours_interval_check"),
      );
      // The whole day, and a second interval of Monday starting where one already starts (the primary key).
      expect(await attempt(tx, hours(2, 0, 1440))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, hours(1, 540, 600))).toMatchObject({ ok: false, code: "23505" });
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
    ["the interpreter, on their own row", interpreter],
  ] as const)("%s: time off that ends before it begins, or a day that does not exist", async (_name, actor) => {
    const span = (first: string, last: string) =>
      `insert into public.time_off (user_id, first_day, last_day) values ('${INTERPRETER_ID}', '${first}', '${last}')`;
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, span("2034-03-07", "2034-03-06"))).toMatchObject(refused("time_off_days_check"));
      expect(await attempt(tx, "update public.time_off set last_day = first_day - 1 where id = 1")).toMatchObject(refused("time_off_days_check"));
      expect(await attempt(tx, span("2034-02-30", "2034-03-01"))).toMatchObject({ ok: false, code: "22008" });
      // One day is a span (first = last).
      expect(await attempt(tx, span("2034-03-09", "2034-03-09"))).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["an admin", admin],
  ] as const)("%s: a credential's name of 1 to 80 characters", async (_name, actor) => {
    const named = (name: string) => `insert into public.credentials (user_id, name) values ('${INTERPRETER_ID}', '${name}')`;
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, named(""))).toMatchObject(refused("credentials_name_check"));
      expect(await attempt(tx, named("é".repeat(81)))).toMatchObject(refused("credentials_name_check"));
      expect(await attempt(tx, named("é".repeat(80)))).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it("a row for nobody is refused by the foreign key", async () => {
    await within(db, serviceRole, async (tx) => {
      const nobody = "00000000-0000-4000-8000-00000000dead";
      for (const table of TABLES) expect(await attempt(tx, insertFor(table, nobody)), table).toMatchObject({ ok: false, code: "23503" });
    });
  });
});

describe("removing a person removes their hours, time off and credentials", () => {
  it.each([
    ["the users row", "delete from public.users where id = $1"],
    ["the sign-in account (auth.users, which the users row follows)", "delete from auth.users where id = $1"],
  ])("deleting %s", async (_name, sql) => {
    await within(db, null, async (tx) => {
      await tx.query(sql, [INTERPRETER_ID]);
      for (const table of TABLES) {
        const rows = await tx.query<{ user_id: string; n: number }>(`select user_id, count(*)::int as n from public.${table} group by user_id`);
        expect(rows.rows, table).toEqual([{ user_id: OTHER_INTERPRETER_ID, n: rowsOfOther[table] }]);
      }
    });
  });
});

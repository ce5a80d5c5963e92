// supabase/migrations/20261203000000_push_availability.sql, its functions on real Postgres (issue 25): only the service
// role executes them; one person's availability in the port's orders (null without a users row); a week's hours
// replaced all or nothing; time off and credentials added (nothing stored for nobody); the credentials about to expire;
// and the candidates for an offer in one snapshot — everyone linked to the language by name, their time off near the
// span only, the blocked spans of their other confirmed appointments that overlap it, and how many interpreters are not
// linked. Who reaches the tables, and what they refuse: availability.test.ts.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { attempt, CUSTOMER_SQL, insertSql } from "./support/appointments";
import { availabilityOf, AVAILABILITY_FIXTURES, setHours } from "./support/availability";
import { ADMIN_ID, createWithFixtures, INTERPRETER_ID, LANGUAGE, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures, async () => {
  await db.exec(AVAILABILITY_FIXTURES);
  await asSuperuser(db, CUSTOMER_SQL);
});

const NOBODY = "00000000-0000-4000-8000-00000000dead";
const HOUR = 3_600_000;
/** 2034-03-06 16:00 UTC, a Monday: 09:00 in Denver. */
const MONDAY_9 = Date.UTC(2034, 2, 6, 16);

type Candidates = {
  linked: { id: string; name: string; hours: unknown[]; time_off: { id: number }[]; credentials: unknown[]; busy: { from: string; to: string }[] }[];
  unlinked: number;
};
const candidates = (tx: Transaction, language: number, from: number, to: number, except = 0) =>
  call<Candidates>(tx, "public.push_availability_candidates($1, $2, $3, $4)", [language, from, to, except]);
const addTimeOff = (tx: Transaction, userId: string, first: string, last: string, note = "") =>
  call<number | null>(tx, "public.push_add_time_off($1, $2, $3, $4)", [userId, first, last, note]);
const addCredential = (tx: Transaction, userId: string, name: string, expiresOn: string | null) =>
  call<number | null>(tx, "public.push_add_credential($1, $2, $3)", [userId, name, expiresOn]);
const expiring = (tx: Transaction, from: string, until: string) =>
  call<{ id: number; user_id: string; name: string; expires_on: string; full_name: string }[]>(tx, "public.push_expiring_credentials($1, $2)", [from, until]);
/** A blocked span as the functions send it (timestamptz in JSON), in epoch ms. */
const spans = (busy: { from: string; to: string }[]) => busy.map((span) => [Date.parse(span.from), Date.parse(span.to)]);
const iso = (ms: number) => new Date(ms).toISOString();

describe("the functions: only the service role executes them", () => {
  const CALLS: Record<string, string> = {
    push_availability_of: `public.push_availability_of('${INTERPRETER_ID}')`,
    push_set_working_hours: `public.push_set_working_hours('${INTERPRETER_ID}', '[]')`,
    push_add_time_off: `public.push_add_time_off('${INTERPRETER_ID}', '2034-01-01', '2034-01-02', '')`,
    push_add_credential: `public.push_add_credential('${INTERPRETER_ID}', 'Forged', null)`,
    push_expiring_credentials: "public.push_expiring_credentials('2034-01-01', '2034-12-31')",
    push_availability_candidates: "public.push_availability_candidates(2, 1, 2, 0)",
  };
  const HELPERS = {
    push_working_hours: `private.push_working_hours('${INTERPRETER_ID}')`,
    push_time_off: `private.push_time_off('${INTERPRETER_ID}', null, null)`,
    push_credentials: `private.push_credentials('${INTERPRETER_ID}')`,
  };

  itIsTheServiceRolesAlone(() => db, CALLS, HELPERS);
});

describe("push_availability_of and push_set_working_hours (as the service role)", () => {
  it("one person's hours by weekday then start, time off by first day, credentials by name; null for nobody", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await availabilityOf(tx, INTERPRETER_ID)).toEqual({
        name: "Daniel Interpreter",
        hours: [
          { weekday: 1, start_minute: 540, end_minute: 720 },
          { weekday: 1, start_minute: 780, end_minute: 1020 },
          { weekday: 5, start_minute: 0, end_minute: 1440 },
        ],
        time_off: [
          { id: 1, first_day: "2034-03-06", last_day: "2034-03-07", note: "Near" },
          { id: 2, first_day: "2034-06-01", last_day: "2034-06-02", note: "Far" },
        ],
        credentials: [
          { id: 1, name: "Court certified", expires_on: "2034-04-01" },
          { id: 2, name: "Medical (CCHI)", expires_on: null },
        ],
      });
      expect(await availabilityOf(tx, ADMIN_ID)).toEqual({ name: "Amira Admin", hours: [], time_off: [], credentials: [] });
      expect(await availabilityOf(tx, NOBODY)).toBeNull();
    });
  });

  it("orders time off by first day then id, and names by code points (as D1 orders text: capitals first)", async () => {
    await within(db, serviceRole, async (tx) => {
      const early = await addTimeOff(tx, INTERPRETER_ID, "2034-01-01", "2034-01-01");
      const same = await addTimeOff(tx, INTERPRETER_ID, "2034-03-06", "2034-03-06");
      for (const name of ["alpha", "Zeta"]) await addCredential(tx, INTERPRETER_ID, name, null);
      const stored = (await availabilityOf(tx, INTERPRETER_ID))!;
      expect(stored.time_off.map((span) => span.id)).toEqual([early, 1, same, 2]);
      expect(stored.credentials.map((credential) => credential.name)).toEqual(["Court certified", "Medical (CCHI)", "Zeta", "alpha"]);
    });
  });

  it("replaces the week whole (nobody else's), and empties it; false, storing nothing, for nobody", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(
        await setHours(tx, INTERPRETER_ID, [
          [7, 600, 660],
          [3, 0, 1440],
        ]),
      ).toBe(true);
      expect((await availabilityOf(tx, INTERPRETER_ID))!.hours).toEqual([
        { weekday: 3, start_minute: 0, end_minute: 1440 },
        { weekday: 7, start_minute: 600, end_minute: 660 },
      ]);
      expect((await availabilityOf(tx, OTHER_INTERPRETER_ID))!.hours).toEqual([{ weekday: 2, start_minute: 600, end_minute: 900 }]);
      expect(await setHours(tx, INTERPRETER_ID, [])).toBe(true);
      expect((await availabilityOf(tx, INTERPRETER_ID))!.hours).toEqual([]);
      expect(await setHours(tx, NOBODY, [[1, 540, 600]])).toBe(false);
      expect(await rowsOf(tx, "select count(*)::int as n from public.working_hours where user_id = $1", [NOBODY])).toEqual([{ n: 0 }]);
    });
  });

  it("an interval the table refuses, or a start given twice, refuses the whole call: the week before stays", async () => {
    await within(db, serviceRole, async (tx) => {
      const before = (await availabilityOf(tx, INTERPRETER_ID))!.hours;
      const set = (hours: [number, number, number][]) =>
        attempt(tx, "select public.push_set_working_hours($1, $2)", [
          INTERPRETER_ID,
          JSON.stringify(hours.map(([weekday, start_minute, end_minute]) => ({ weekday, start_minute, end_minute }))),
        ]);
      expect(
        await set([
          [2, 600, 660],
          [2, 700, 700],
        ]),
      ).toMatchObject({ ok: false, code: "23514", message: expect.stringContaining("working_hours_interval_check") });
      expect(
        await set([
          [2, 600, 660],
          [2, 600, 700],
        ]),
      ).toMatchObject({ ok: false, code: "23505" });
      expect(await set([[9, 600, 660]])).toMatchObject({ ok: false, code: "23514" });
      expect((await availabilityOf(tx, INTERPRETER_ID))!.hours).toEqual(before);
    });
  });
});

describe("push_add_time_off and push_add_credential (as the service role)", () => {
  it("store a span or a credential and answer its id; for nobody, store nothing and answer null", async () => {
    await within(db, serviceRole, async (tx) => {
      const span = await addTimeOff(tx, OTHER_INTERPRETER_ID, "2034-12-24", "2034-12-26", "Holidays");
      const credential = await addCredential(tx, OTHER_INTERPRETER_ID, "Medical (CCHI)", null);
      // (The id sequences are not rolled back with the other tests' transactions: new ids, past the fixtures'.)
      expect(span).toBeGreaterThan(3);
      expect(credential).toBeGreaterThan(3);
      expect(await availabilityOf(tx, OTHER_INTERPRETER_ID)).toMatchObject({
        time_off: [{ id: 3 }, { id: span, first_day: "2034-12-24", last_day: "2034-12-26", note: "Holidays" }],
        credentials: [{ id: 3 }, { id: credential, name: "Medical (CCHI)", expires_on: null }],
      });
      expect(await rowsOf(tx, "select user_id, created_at is not null as stamped from public.time_off where id = $1", [span])).toEqual([
        { user_id: OTHER_INTERPRETER_ID, stamped: true },
      ]);
      expect(await addTimeOff(tx, NOBODY, "2034-12-24", "2034-12-26")).toBeNull();
      expect(await addCredential(tx, NOBODY, "Court certified", "2035-01-01")).toBeNull();
      // Nobody's refused span is not even checked: there is nothing to store.
      expect(await addTimeOff(tx, NOBODY, "2034-12-26", "2034-12-24")).toBeNull();
      expect(await rowsOf(tx, "select (select count(*)::int from public.time_off) as t, (select count(*)::int from public.credentials) as c")).toEqual([
        { t: 4, c: 4 },
      ]);
    });
  });

  it("the tables refuse time off that ends before it begins, and a credential without a name", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, "select public.push_add_time_off($1, '2034-03-07', '2034-03-06', '')", [INTERPRETER_ID])).toMatchObject({
        ok: false,
        code: "23514",
        message: expect.stringContaining("time_off_days_check"),
      });
      expect(await attempt(tx, "select public.push_add_credential($1, '', null)", [INTERPRETER_ID])).toMatchObject({ ok: false, code: "23514" });
    });
  });
});

describe("push_expiring_credentials (as the service role)", () => {
  it("those expiring in [from, until], both days included, soonest first, then by name, with their holder", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await expiring(tx, "2034-03-05", "2034-04-04")).toEqual([
        { id: 3, user_id: OTHER_INTERPRETER_ID, name: "Court certified", expires_on: "2034-03-20", full_name: "Linh Interpreter" },
        { id: 1, user_id: INTERPRETER_ID, name: "Court certified", expires_on: "2034-04-01", full_name: "Daniel Interpreter" },
      ]);
      expect((await expiring(tx, "2034-04-01", "2034-04-01")).map((item) => item.id)).toEqual([1]);
      expect(await expiring(tx, "2034-04-02", "2035-01-01")).toEqual([]);
      const lower = await addCredential(tx, INTERPRETER_ID, "alpha", "2034-03-20");
      const upper = await addCredential(tx, INTERPRETER_ID, "Zeta", "2034-03-20");
      expect((await expiring(tx, "2034-03-20", "2034-03-20")).map((item) => item.id)).toEqual([3, upper, lower]);
    });
  });
});

describe("push_availability_candidates (as the service role)", () => {
  const span = [MONDAY_9, MONDAY_9 + HOUR] as const;

  it("everyone linked to the language by name (code points), with their availability; the interpreters not linked counted", async () => {
    await within(db, serviceRole, async (tx) => {
      const english = await candidates(tx, LANGUAGE.english, ...span);
      expect(english.unlinked).toBe(0);
      expect(english.linked.map((person) => [person.id, person.name])).toEqual([
        [INTERPRETER_ID, "Daniel Interpreter"],
        [OTHER_INTERPRETER_ID, "Linh Interpreter"],
      ]);
      expect(english.linked[0]).toEqual({
        id: INTERPRETER_ID,
        name: "Daniel Interpreter",
        // No appointment (p_except 0), so no organisation's stance (interpreter-preferences.test.ts).
        preferred: false,
        hours: (await availabilityOf(tx, INTERPRETER_ID))!.hours,
        // Only the time off near the span: not #2 in June.
        time_off: [{ id: 1, first_day: "2034-03-06", last_day: "2034-03-07", note: "Near" }],
        credentials: (await availabilityOf(tx, INTERPRETER_ID))!.credentials,
        busy: [],
      });
      // Spanish: the interpreter; Linh is the one interpreter not linked. Arabic: the admin, linked (an admin is no
      // interpreter, so never counted as unlinked); both interpreters are not. French: nobody.
      expect(await candidates(tx, LANGUAGE.spanish, ...span)).toMatchObject({ linked: [{ id: INTERPRETER_ID }], unlinked: 1 });
      expect(await candidates(tx, LANGUAGE.arabic, ...span)).toMatchObject({
        linked: [{ id: ADMIN_ID, hours: [], time_off: [], credentials: [] }],
        unlinked: 2,
      });
      expect(await candidates(tx, LANGUAGE.french, ...span)).toEqual({ linked: [], unlinked: 2 });
      expect(await candidates(tx, 999, ...span)).toEqual({ linked: [], unlinked: 2 });
      // Capitals before small letters, as D1 orders text.
      await tx.query("update public.users set full_name = 'linh' where id = $1", [OTHER_INTERPRETER_ID]);
      await tx.query("update public.users set full_name = 'Zed' where id = $1", [INTERPRETER_ID]);
      expect((await candidates(tx, LANGUAGE.english, ...span)).linked.map((person) => person.name)).toEqual(["Zed", "linh"]);
    });
  });

  it("time off: the spans that end on or after the UTC date a day before the start and begin on or before that of a day after the end", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("delete from public.time_off");
      const ids = {
        endsTheDayBefore: await addTimeOff(tx, INTERPRETER_ID, "2034-03-01", "2034-03-05"),
        endsTwoDaysBefore: await addTimeOff(tx, INTERPRETER_ID, "2034-03-01", "2034-03-04"),
        beginsTheDayAfter: await addTimeOff(tx, INTERPRETER_ID, "2034-03-07", "2034-03-09"),
        beginsTwoDaysAfter: await addTimeOff(tx, INTERPRETER_ID, "2034-03-08", "2034-03-09"),
        around: await addTimeOff(tx, INTERPRETER_ID, "2034-02-01", "2034-04-01"),
      };
      const near = async (from: number, to: number) => (await candidates(tx, LANGUAGE.spanish, from, to)).linked[0]!.time_off.map((item) => item.id);
      expect(await near(...span)).toEqual([ids.around, ids.endsTheDayBefore, ids.beginsTheDayAfter]);
      // Across UTC midnight (23:30 to 00:30): the window reaches a day further on.
      const late = Date.UTC(2034, 2, 6, 23, 30);
      expect(await near(late, late + HOUR)).toEqual([ids.around, ids.endsTheDayBefore, ids.beginsTheDayAfter, ids.beginsTwoDaysAfter]);
    });
  });

  it("busy: the blocked spans of each one's OTHER confirmed appointments that overlap the span, half-open, by start", async () => {
    await within(db, serviceRole, async (tx) => {
      const add = async (status: string, interpreter: string, from: number, to: number) => {
        // Each 30 minutes long, starting when its span does.
        const [sql, params] = insertSql({ status, interpreter, from: iso(from), to: iso(to), minutes: 30 });
        return Number((await tx.query<{ id: number }>(`${sql} returning id`, params)).rows[0]!.id);
      };
      const [from, to] = span;
      await add("confirmed", INTERPRETER_ID, from - 2 * HOUR, from); // ends as the span starts
      const inside = await add("confirmed", INTERPRETER_ID, from + HOUR / 4, from + (3 * HOUR) / 4 + 250);
      await add("confirmed", INTERPRETER_ID, to, to + HOUR); // starts as the span ends
      await add("cancelled", INTERPRETER_ID, from, to);
      await add("offered", INTERPRETER_ID, from, to);
      const around = await add("confirmed", OTHER_INTERPRETER_ID, from - HOUR, to + HOUR);
      const busy = async (except = 0) =>
        Object.fromEntries((await candidates(tx, LANGUAGE.english, from, to, except)).linked.map((person) => [person.id, spans(person.busy)]));
      expect(await busy()).toEqual({
        [INTERPRETER_ID]: [[from + HOUR / 4, from + (3 * HOUR) / 4 + 250]],
        [OTHER_INTERPRETER_ID]: [[from - HOUR, to + HOUR]],
      });
      // The appointment being offered is left out of its own candidates' work.
      expect(await busy(inside)).toEqual({ [INTERPRETER_ID]: [], [OTHER_INTERPRETER_ID]: [[from - HOUR, to + HOUR]] });
      expect(await busy(around)).toEqual({ [INTERPRETER_ID]: [[from + HOUR / 4, from + (3 * HOUR) / 4 + 250]], [OTHER_INTERPRETER_ID]: [] });
      // Two that overlap it by a millisecond each, by start (added last, first: the order is the spans').
      await tx.query("update public.appointments set status = 'cancelled' where id = $1", [around]);
      await add("confirmed", OTHER_INTERPRETER_ID, to - 1, to + HOUR);
      await add("confirmed", OTHER_INTERPRETER_ID, from - 3 * HOUR, from + 1);
      expect((await busy())[OTHER_INTERPRETER_ID]).toEqual([
        [from - 3 * HOUR, from + 1],
        [to - 1, to + HOUR],
      ]);
    });
  });
});

// supabase/migrations/20261202000100_push_appointment_lists.sql on real Postgres (issue 25): the staff's list (filters,
// order, pages, the total) and a calendar week (cancelled ones left out, one interpreter's), executed by the service
// role only, and served by the indexes on starts_at and (interpreter_id, starts_at).
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { cancelAppointment, HOUR, requestAppointment } from "./support/appointments";
import { itRefusesToExecute } from "./support/expect";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call } from "./support/orders";

const db = fileDatabase(createWithFixtures);
const DAY = 24 * HOUR;
/** Monday 2 August 2032, 16:00 UTC (10:00 in Denver). */
const MONDAY = Date.parse("2032-08-02T16:00:00Z");

type Listed = { total: number; items: { id: number; status: string }[] };
const list = (tx: Transaction, filters: Partial<Record<"from" | "before" | "status" | "language" | "interpreter" | "mode", unknown>>, limit = 25, offset = 0) =>
  call<Listed>(
    tx,
    `public.push_list_appointments(p_starts_from => $1, p_starts_before => $2, p_status => $3, p_language_id => $4, p_interpreter_id => $5,
       p_mode => $6, p_limit => $7, p_offset => $8)`,
    [
      filters.from ?? null,
      filters.before ?? null,
      filters.status ?? null,
      filters.language ?? null,
      filters.interpreter ?? null,
      filters.mode ?? null,
      limit,
      offset,
    ],
  );
const between = (tx: Transaction, from: number, to: number, interpreter: string | null = null) =>
  call<{ id: number }[]>(tx, "public.push_appointments_between($1, $2, $3, 500)", [from, to, interpreter]);
const book = async (tx: Transaction, startsAt: number, language: number = LANGUAGE.spanish) => (await requestAppointment(tx, { startsAt, language })).id!;

describe("the list functions: only the service role executes them", () => {
  itRefusesToExecute(() => db, {
    push_list_appointments: "public.push_list_appointments(null, null, null, null, null, null, 25, 0)",
    push_appointments_between: "public.push_appointments_between(1, 2, null, 500)",
  });
});

describe("push_list_appointments and push_appointments_between (as the service role)", () => {
  it("the list: by start then id, each filter, a page with the total", async () => {
    await within(db, serviceRole, async (tx) => {
      const later = await book(tx, MONDAY + 2 * HOUR, LANGUAGE.arabic);
      const first = await book(tx, MONDAY);
      const same = await book(tx, MONDAY);
      const range = { from: MONDAY - HOUR, before: MONDAY + DAY };
      expect((await list(tx, range)).items.map((item) => item.id)).toEqual([first, same, later]);
      expect(await list(tx, range, 1, 1)).toMatchObject({ total: 3, items: [{ id: same }] });
      expect((await list(tx, { ...range, language: LANGUAGE.arabic })).items.map((item) => item.id)).toEqual([later]);
      expect((await list(tx, { ...range, mode: "video" })).total).toBe(0);
      await cancelAppointment(tx, same, 1);
      expect((await list(tx, { ...range, status: "cancelled" })).items.map((item) => item.id)).toEqual([same]);
      expect((await list(tx, { from: MONDAY + HOUR, before: MONDAY + 2 * HOUR })).total).toBe(0);
    });
  });

  it("a week: cancelled ones left out, and only one interpreter's when asked", async () => {
    await within(db, serviceRole, async (tx) => {
      const monday = await book(tx, MONDAY + 7 * DAY);
      const theirs = await book(tx, MONDAY + 8 * DAY);
      const cancelled = await book(tx, MONDAY + 9 * DAY);
      await book(tx, MONDAY + 14 * DAY);
      await cancelAppointment(tx, cancelled, 1);
      await tx.query("update public.appointments set status = 'confirmed', interpreter_id = $1 where id = $2", [INTERPRETER_ID, theirs]);
      const week = [MONDAY + 7 * DAY - 16 * HOUR, MONDAY + 14 * DAY - 16 * HOUR] as const;
      expect((await between(tx, ...week)).map((item) => item.id)).toEqual([monday, theirs]);
      expect((await between(tx, ...week, INTERPRETER_ID)).map((item) => item.id)).toEqual([theirs]);
    });
  });

  it("both indexes exist", async () => {
    const rows = await asSuperuser(db, "select indexname from pg_indexes where tablename = 'appointments' and indexname like 'appointments_%' order by 1");
    expect(rows.map((row) => row.indexname)).toEqual(expect.arrayContaining(["appointments_interpreter_starts_idx", "appointments_starts_idx"]));
  });
});

// supabase/migrations/20261202000000_push_appointments.sql, its functions on real Postgres (issue 25): only the service
// role executes them; a booking stores its customer (found or created), the appointment under the id asked for and its
// e-mails, all or nothing; an appointment reads back by id and by its link; a cancellation is a compare-and-set whose
// e-mails are stored only when it wins. Who reads the table, and the refused double booking: appointments.test.ts.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { fileDatabase, serviceRole, within } from "./support/db";
import { cancelAppointment, HOUR, NOW, requestAppointment, STARTS } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures);

const mail = (subject: string, to: string | null = "ana.ruiz@example.com") => ({ kind: "appointment-received", to_email: to, subject, body: "Body" });
const outbox = (tx: Transaction) =>
  rowsOf(tx, "select appointment_id, order_id, kind, subject, status, created_at, next_attempt_at from public.mail_outbox order by id");
const nextId = async (tx: Transaction) => Number(await call<string>(tx, "public.push_next_appointment_id()"));
const get = (tx: Transaction, id: number) => call<Record<string, unknown> | null>(tx, "public.push_get_appointment($1)", [id]);

describe("the functions: only the service role executes them", () => {
  const CALLS: Record<string, string> = {
    push_next_appointment_id: "public.push_next_appointment_id()",
    push_request_appointment: `public.push_request_appointment('Mallory', 'm@x.test', '', '', 3, 'video', 'other', 1805216400000, 60,
      1805216400000, 1805220000000, '', '', '', null, 'en', repeat('e', 64), null, 1)`,
    push_get_appointment: "public.push_get_appointment(1)",
    push_appointment_by_token: "public.push_appointment_by_token(repeat('a', 64))",
    push_cancel_appointment: "public.push_cancel_appointment(1, 1, 'staff', 'x', 1)",
  };
  const HELPERS = {
    push_appointment: "private.push_appointment(1)",
    push_enqueue_appointment_mails: "private.push_enqueue_appointment_mails(null, '[]', 1)",
  };

  itIsTheServiceRolesAlone(() => db, CALLS, HELPERS);
});

describe("push_request_appointment (as the service role)", () => {
  it("stores the customer (e-mail lower-cased), the appointment under the id asked for and its e-mails; reads it back by id and by link", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await nextId(tx);
      expect(await nextId(tx)).toBe(id + 1);
      const answer = await requestAppointment(tx, { id, hash: "a".repeat(64), mails: [mail(`A-${id}`), mail("staff", "office@example.com")] });
      expect(answer).toEqual({ ok: true, id });
      expect(await rowsOf(tx, "select name, email, phone, company, (extract(epoch from created_at) * 1000)::bigint as ms from public.customers")).toEqual([
        { name: "Ana Ruiz", email: "ana.ruiz@example.com", phone: "+1 303 555 0100", company: "Clinic", ms: NOW },
      ]);
      const stored = await get(tx, id);
      expect(stored).toEqual({
        id,
        customer_id: expect.any(Number),
        contact_name: "Ana Ruiz",
        contact_email: "ana.ruiz@example.com",
        contact_phone: "+1 303 555 0100",
        organisation: "Clinic",
        language_id: LANGUAGE.spanish,
        language: "Spanish",
        mode: "on_site",
        setting: "medical",
        starts_at: expect.any(String),
        minutes: 120,
        blocked_from: expect.any(String),
        blocked_to: expect.any(String),
        address: "1 Main St, Denver",
        call_number: "",
        notes: "Room 4",
        gender_preference: "female",
        locale: "en",
        status: "requested",
        version: 1,
        interpreter_id: null,
        interpreter_name: null,
        cancel_reason: "",
        cancelled_at: null,
        cancelled_by: null,
        token_sealed: "sealed",
        created_at: expect.any(String),
        updated_at: expect.any(String),
        preferred_interpreter_id: null,
        preferred_interpreter_name: null,
      });
      // Every instant at its exact millisecond; the span as it was given.
      const ms = (key: string) => Date.parse(String(stored![key]));
      expect([ms("starts_at"), ms("blocked_from"), ms("blocked_to"), ms("created_at")]).toEqual([STARTS, STARTS - HOUR / 2, STARTS + 2.5 * HOUR, NOW]);
      expect(await call(tx, "public.push_appointment_by_token($1)", ["a".repeat(64)])).toEqual(stored);
      expect(await call(tx, "public.push_appointment_by_token($1)", ["b".repeat(64)])).toBeNull();
      expect(await get(tx, id + 100)).toBeNull();
      expect(await outbox(tx)).toEqual([
        { appointment_id: id, order_id: null, kind: "appointment-received", subject: `A-${id}`, status: "pending", created_at: NOW, next_attempt_at: NOW },
        { appointment_id: id, order_id: null, kind: "appointment-received", subject: "staff", status: "pending", created_at: NOW, next_attempt_at: NOW },
      ]);
    });
  });

  it("finds the customer again by e-mail, whatever its case, keeping the details on file; the booking keeps those typed", async () => {
    await within(db, serviceRole, async (tx) => {
      const first = await requestAppointment(tx, { email: "ana.ruiz@example.com" });
      const second = await requestAppointment(tx, { email: "ANA.RUIZ@Example.COM", name: "Ana R." });
      const rows = await rowsOf(tx, "select customer_id, contact_name, contact_email from public.appointments where id = any($1) order by id", [
        [first.id, second.id],
      ]);
      expect(rows).toEqual([
        { customer_id: rows[0]!.customer_id, contact_name: "Ana Ruiz", contact_email: "ana.ruiz@example.com" },
        { customer_id: rows[0]!.customer_id, contact_name: "Ana R.", contact_email: "ana.ruiz@example.com" },
      ]);
      expect(await rowsOf(tx, "select name from public.customers")).toEqual([{ name: "Ana Ruiz" }]);
      // Without an id asked for, the function takes the next one itself.
      expect(second.id).toBeGreaterThan(first.id!);
    });
  });

  it("refuses an unknown language, storing nothing: no customer, no appointment, no e-mail", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await requestAppointment(tx, { language: 999, mails: [mail("lost")] })).toEqual({ ok: false, reason: "unknown-language" });
      for (const table of ["customers", "appointments", "mail_outbox"]) {
        expect(await rowsOf(tx, `select count(*)::int as n from public.${table}`), table).toEqual([{ n: 0 }]);
      }
    });
  });

  it("an e-mail that cannot be stored, or a span that does not cover the time, fails the booking whole", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("savepoint before");
      await expect(requestAppointment(tx, { mails: [mail("no address", null)] })).rejects.toMatchObject({ code: "23502" });
      await tx.query("rollback to savepoint before");
      await expect(requestAppointment(tx, { blocked: [STARTS, STARTS + HOUR] })).rejects.toMatchObject({ code: "23514" });
      await tx.query("rollback to savepoint before");
      expect(await rowsOf(tx, "select (select count(*)::int from public.customers) as c, (select count(*)::int from public.appointments) as a")).toEqual([
        { c: 0, a: 0 },
      ]);
    });
  });
});

describe("push_cancel_appointment (as the service role)", () => {
  it("cancels only the version asked for while it is cancellable, storing its e-mails only when it wins", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = (await requestAppointment(tx)) as { id: number };
      expect(await cancelAppointment(tx, id, 7, [mail("stale")])).toEqual({ ok: false, reason: "stale" });
      expect(await cancelAppointment(tx, id + 100, 1, [mail("nobody")])).toEqual({ ok: false, reason: "not-found" });
      expect(await outbox(tx)).toEqual([]);

      await tx.query("savepoint before");
      await expect(cancelAppointment(tx, id, 1, [mail("no address", null)])).rejects.toMatchObject({ code: "23502" });
      await tx.query("rollback to savepoint before");
      expect(await get(tx, id)).toMatchObject({ status: "requested", version: 1 });

      expect(await cancelAppointment(tx, id, 1, [mail("Cancelled")], "customer", "")).toEqual({ ok: true, version: 2 });
      const cancelled = await get(tx, id);
      expect(cancelled).toMatchObject({ status: "cancelled", version: 2, cancelled_by: "customer", cancel_reason: "" });
      expect(Date.parse(String(cancelled!.cancelled_at))).toBe(NOW + 1);
      expect(Date.parse(String(cancelled!.updated_at))).toBe(NOW + 1);

      // The version it now has, but cancelled already; the version it had, stale.
      expect(await cancelAppointment(tx, id, 2, [mail("again")])).toEqual({ ok: false, reason: "not-cancellable" });
      expect(await cancelAppointment(tx, id, 1, [mail("late")])).toEqual({ ok: false, reason: "stale" });
      expect((await outbox(tx)).map((row) => [row.appointment_id, row.subject])).toEqual([[id, "Cancelled"]]);
    });
  });

  it("a completed appointment is not cancellable; an offered or confirmed one is, with staff's reason", async () => {
    await within(db, serviceRole, async (tx) => {
      const ids: number[] = [];
      for (const status of ["completed", "offered", "confirmed"]) {
        const { id } = (await requestAppointment(tx, { startsAt: STARTS + ids.length * 24 * HOUR })) as { id: number };
        await tx.query("update public.appointments set status = $2 where id = $1", [id, status]);
        ids.push(id);
      }
      expect(await cancelAppointment(tx, ids[0]!, 1)).toEqual({ ok: false, reason: "not-cancellable" });
      expect(await cancelAppointment(tx, ids[1]!, 1)).toEqual({ ok: true, version: 2 });
      expect(await cancelAppointment(tx, ids[2]!, 1)).toEqual({ ok: true, version: 2 });
      expect(await get(tx, ids[2]!)).toMatchObject({ status: "cancelled", cancelled_by: "staff", cancel_reason: "No interpreter free" });
      // An appointment reads with its interpreter's name.
      await tx.query("update public.appointments set interpreter_id = $2 where id = $1", [ids[1], INTERPRETER_ID]);
      expect(await get(tx, ids[1]!)).toMatchObject({ interpreter_id: INTERPRETER_ID, interpreter_name: "Daniel Interpreter" });
      expect(await get(tx, ids[0]!)).toMatchObject({ status: "completed", version: 1 });
    });
  });
});

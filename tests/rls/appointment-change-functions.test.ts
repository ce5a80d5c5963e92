// supabase/migrations/20261203000500_push_appointment_changes.sql, its function on real Postgres (issue 25): only the
// service role executes it; a change is a compare-and-set on the version that stores every detail and the span; a
// confirmed appointment is kept only while its interpreter has no other confirmed work overlapping it — refused as a
// conflict, also when the exclusion constraint decides it — or released back to requested with a new round of offers;
// the reminders reset when the start moves or it is released; its e-mails only when it wins.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, becomeActor, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL, HOUR, insertSql } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { acceptOffer, declineOffer, flagUnfilled, offerAppointment, offersOf } from "./support/offers";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

/** 2026-11-25T10:00:00.123Z. */
const NOW = 1_764_064_800_123;
/** 2034-05-02 16:00 UTC. */
const DAY_1 = Date.UTC(2034, 4, 2, 16);
const iso = (at: number) => new Date(at).toISOString();

async function book(tx: Transaction, id: number, from: number, hours = 2, status = "requested", interpreter: string | null = null) {
  await tx.query(...insertSql({ id, status, interpreter, from: iso(from), to: iso(from + hours * HOUR) }));
  return id;
}
const mail = (subject: string) => ({ kind: "appointment-changed", to_email: "ana@customer.test", subject, body: "Body" });
const outbox = (tx: Transaction) => rowsOf(tx, "select appointment_id, subject, created_at from public.mail_outbox order by id");

type Change = { id: number; version: number; release?: boolean; startsAt: number; minutes?: number; notes?: string; mails?: object[] };

/** public.push_change_appointment, on site with a 30-minute buffer unless said otherwise. */
const change = (tx: Transaction, { id, version, release = false, startsAt, minutes = 120, notes = "", mails = [] }: Change) =>
  call<{ ok: boolean; reason?: string; version?: number; status?: string }>(
    tx,
    `public.push_change_appointment(p_id => $1, p_version => $2, p_release => $3, p_name => 'Ana R.', p_email => 'ana.r@customer.test',
       p_phone => '+1 303 555 0199', p_organisation => 'Clinic', p_mode => 'on_site', p_setting => 'legal', p_starts_at => $4,
       p_minutes => $5, p_blocked_from => $6, p_blocked_to => $7, p_address => '1 Main St', p_call_number => '', p_notes => $8,
       p_gender_preference => 'female', p_now => $9, p_mails => $10)`,
    [id, version, release, startsAt, minutes, startsAt - HOUR / 2, startsAt + minutes * 60_000 + HOUR / 2, notes, NOW, JSON.stringify(mails)],
  );

const row = async (tx: Transaction, id: number) =>
  (
    await rowsOf(
      tx,
      `select status, version, interpreter_id, contact_name, contact_email, mode, setting, minutes, notes, gender_preference,
         (extract(epoch from starts_at) * 1000)::bigint as starts, (extract(epoch from lower(blocked)) * 1000)::bigint as blocked_from,
         (extract(epoch from upper(blocked)) * 1000)::bigint as blocked_to, (extract(epoch from updated_at) * 1000)::bigint as updated
       from public.appointments where id = $1`,
      [id],
    )
  )[0];
const reminders = async (tx: Transaction, id: number) =>
  (await rowsOf(tx, "select kind from public.appointment_reminders where appointment_id = $1 order by kind", [id])).map((r) => r.kind);
const remind = (tx: Transaction, id: number, at: number) => call<boolean>(tx, "public.push_remind_appointment($1, 'day', $2, '[]'::jsonb)", [id, at]);

describe("the function: only the service role executes it", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_change_appointment: `public.push_change_appointment(1, 1, false, 'a', 'b', '', '', 'video', 'other', 1, 30, 1, 2, '', '', '', null, 1)`,
  });
});

describe("push_change_appointment (as the service role)", () => {
  it("stores every detail and the span to the millisecond, the version grown, the e-mails with it; then stale, not-found, not-changeable", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const moved = DAY_1 + 3 * HOUR + 7;
      expect(await change(tx, { id, version: 2, startsAt: moved, mails: [mail("lost")] })).toEqual({ ok: false, reason: "stale" });
      expect(await change(tx, { id: 99, version: 1, startsAt: moved })).toEqual({ ok: false, reason: "not-found" });
      expect(await change(tx, { id, version: 1, startsAt: moved, minutes: 90, notes: "Room 4", mails: [mail("Changed")] })).toEqual({
        ok: true,
        version: 2,
        status: "requested",
      });
      expect(await row(tx, id)).toEqual({
        status: "requested",
        version: 2,
        interpreter_id: null,
        contact_name: "Ana R.",
        contact_email: "ana.r@customer.test",
        mode: "on_site",
        setting: "legal",
        minutes: 90,
        notes: "Room 4",
        gender_preference: "female",
        starts: moved,
        blocked_from: moved - HOUR / 2,
        blocked_to: moved + 2 * HOUR,
        updated: NOW,
      });
      expect(await outbox(tx)).toEqual([{ appointment_id: id, subject: "Changed", created_at: NOW }]);
      for (const [other, status] of [
        [2, "completed"],
        [3, "cancelled"],
      ] as const) {
        await book(tx, other, DAY_1 + 5 * HOUR, 1, status);
        expect(await change(tx, { id: other, version: 1, startsAt: DAY_1 + 6 * HOUR }), status).toEqual({ ok: false, reason: "not-changeable" });
      }
    });
  });

  it("a confirmed appointment kept: its interpreter's other work overlapping the new span is a conflict, storing nothing; released, it is not", async () => {
    await within(db, serviceRole, async (tx) => {
      await book(tx, 1, DAY_1, 2, "confirmed", INTERPRETER_ID);
      const id = await book(tx, 2, DAY_1 + 6 * HOUR, 2, "confirmed", INTERPRETER_ID);
      // Back to back with #1 once the travel buffer is counted: it fits.
      expect(await change(tx, { id, version: 1, startsAt: DAY_1 + 2.5 * HOUR })).toEqual({ ok: true, version: 2, status: "confirmed" });
      expect(await change(tx, { id, version: 2, startsAt: DAY_1 + 2.5 * HOUR - 1, mails: [mail("never")] })).toEqual({ ok: false, reason: "conflict" });
      expect(await row(tx, id)).toMatchObject({ status: "confirmed", version: 2, interpreter_id: INTERPRETER_ID, starts: DAY_1 + 2.5 * HOUR });
      expect(await outbox(tx)).toEqual([]);
      expect(await change(tx, { id, version: 2, release: true, startsAt: DAY_1 + HOUR })).toEqual({ ok: true, version: 3, status: "requested" });
      expect(await row(tx, id)).toMatchObject({ status: "requested", interpreter_id: null });
    });
  });

  it("conflict also when the exclusion constraint decides (another confirmation committing just before), nothing kept", async () => {
    // One connection cannot run two writes at once; a trigger stands in for the other, confirming #2 to the same
    // interpreter just before this change's UPDATE (as an accept of #2 committing at that moment would).
    await within(db, null, async (tx) => {
      await tx.exec(`
        create function public.concurrent_confirm() returns trigger language plpgsql as $$
        begin
          if pg_catalog.pg_trigger_depth() = 1 and new.id = 1 then
            update public.appointments set status = 'confirmed', interpreter_id = new.interpreter_id where id = 2;
          end if;
          return new;
        end $$;
        create trigger concurrent_confirm before update on public.appointments for each row execute function public.concurrent_confirm();`);
      await becomeActor(tx, serviceRole);
      await book(tx, 1, DAY_1, 2, "confirmed", INTERPRETER_ID);
      await book(tx, 2, DAY_1 + 5 * HOUR);
      expect(await change(tx, { id: 1, version: 1, startsAt: DAY_1 + 5 * HOUR, mails: [mail("never")] })).toEqual({ ok: false, reason: "conflict" });
      expect(await row(tx, 1)).toMatchObject({ status: "confirmed", version: 1, starts: DAY_1 });
      expect(await row(tx, 2)).toMatchObject({ status: "requested", interpreter_id: null });
      expect(await outbox(tx)).toEqual([]);
    });
  });

  it("released: the open, accepted and taken offers and the unfilled notice removed, declines kept", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID], NOW + HOUR, NOW);
      const offers = await offersOf(tx, id);
      const offerOf = (who: string) => offers.find((offer) => offer.interpreter_id === who)!.id;
      await declineOffer(tx, offerOf(OTHER_INTERPRETER_ID), OTHER_INTERPRETER_ID, NOW + 1);
      expect(await acceptOffer(tx, offerOf(INTERPRETER_ID), INTERPRETER_ID, NOW + 2)).toMatchObject({ ok: true, version: 3 });
      expect(await change(tx, { id, version: 3, release: true, startsAt: DAY_1 + HOUR, mails: [mail("a"), mail("b")] })).toEqual({
        ok: true,
        version: 4,
        status: "requested",
      });
      expect((await offersOf(tx, id)).map((offer) => [offer.interpreter_id, offer.status])).toEqual([[OTHER_INTERPRETER_ID, "declined"]]);
      expect(await outbox(tx)).toHaveLength(2);
      // Offered again to nobody, it is flagged afresh; releasing it again removes the notice.
      expect(await offerAppointment(tx, id, 4, [], NOW + HOUR, NOW + 3)).toEqual({ ok: true, version: 5 });
      expect(await flagUnfilled(tx, id, NOW + 4)).toBe(true);
      expect(await change(tx, { id, version: 5, release: true, startsAt: DAY_1 + HOUR })).toMatchObject({ ok: true, version: 6 });
      expect(await call(tx, "public.push_unfilled_since($1)", [id])).toBeNull();
    });
  });

  it("the reminders: kept when the start stays, reset when it moves or the interpreter is released", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1, 2, "confirmed", INTERPRETER_ID);
      expect(await remind(tx, id, DAY_1 - 20 * HOUR)).toBe(true);
      expect(await change(tx, { id, version: 1, startsAt: DAY_1, notes: "Only the notes" })).toMatchObject({ ok: true });
      expect(await reminders(tx, id)).toEqual(["day"]);
      expect(await change(tx, { id, version: 2, startsAt: DAY_1 + HOUR })).toMatchObject({ ok: true, status: "confirmed" });
      expect(await reminders(tx, id)).toEqual([]);
      expect(await remind(tx, id, DAY_1 - 20 * HOUR)).toBe(true);
      expect(await change(tx, { id, version: 3, release: true, startsAt: DAY_1 + HOUR })).toMatchObject({ ok: true, status: "requested" });
      expect(await reminders(tx, id)).toEqual([]);
    });
  });
});

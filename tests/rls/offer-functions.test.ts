// supabase/migrations/20261203000100_push_appointment_offers.sql, its functions on real Postgres (issue 25): only the
// service role executes them; an offer is a compare-and-set on the appointment's version that stores one open offer per
// interpreter and its e-mails (an unknown interpreter refused first, storing nothing); the first accept wins, and the
// refusals come in D1's order (not-found, answered, taken, expired, conflict) — conflict also when the exclusion
// constraint decides it; declines; the reads in the port's orders; and the unfilled flag written once per round of
// offers. Who reaches the tables, and what they refuse: offers.test.ts.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, becomeActor, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL, HOUR, insertSql } from "./support/appointments";
import { ADMIN_ID, createWithFixtures, INTERPRETER_ID, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { acceptOffer, declineOffer, flagUnfilled, ms, offerAppointment, offersOf, unfilledDue, type OfferedJobJson } from "./support/offers";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

const NOBODY = "00000000-0000-4000-8000-00000000dead";
/** 2026-11-25T10:00:00.123Z: a millisecond that must survive the round trip through timestamptz. */
const NOW = 1_764_064_800_123;
const DEADLINE = NOW + 24 * HOUR;
/** 2034-05-02 16:00 UTC, and the days after it. */
const DAY_1 = Date.UTC(2034, 4, 2, 16);
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();

/** An appointment of `hours` from `from` (its span too), requested unless said otherwise. */
async function book(tx: Transaction, id: number, from: number, hours = 2, status = "requested", interpreter: string | null = null) {
  await tx.query(...insertSql({ id, status, interpreter, from: iso(from), to: iso(from + hours * HOUR) }));
  return id;
}
const mail = (subject: string, to = "someone@example.com") => ({ kind: "appointment-offer", to_email: to, subject, body: "Body" });
const outbox = (tx: Transaction) => rowsOf(tx, "select appointment_id, subject, created_at from public.mail_outbox order by id");
const appointmentRow = async (tx: Transaction, id: number) =>
  (
    await rowsOf(
      tx,
      "select status, version, interpreter_id, (extract(epoch from updated_at) * 1000)::bigint as updated from public.appointments where id = $1",
      [id],
    )
  )[0];
/** The appointment's offers as { interpreter: [status, responded_at in ms] }. */
const statuses = async (tx: Transaction, id: number) =>
  Object.fromEntries((await offersOf(tx, id)).map((offer) => [offer.interpreter_id, [offer.status, ms(offer.responded_at)]]));
const offerIdOf = async (tx: Transaction, appointmentId: number, interpreterId: string) =>
  (await offersOf(tx, appointmentId)).find((offer) => offer.interpreter_id === interpreterId)!.id;

describe("the functions: only the service role executes them", () => {
  const CALLS: Record<string, string> = {
    push_offer_appointment: "public.push_offer_appointment(1, 1, '{}', 1, 1)",
    push_appointment_offers: "public.push_appointment_offers(1)",
    push_get_offer: `public.push_get_offer(1, '${INTERPRETER_ID}')`,
    push_interpreter_offers: `public.push_interpreter_offers('${INTERPRETER_ID}', 1, 1)`,
    push_accept_offer: `public.push_accept_offer(1, '${INTERPRETER_ID}', 1)`,
    push_decline_offer: `public.push_decline_offer(1, '${INTERPRETER_ID}', 1)`,
    push_unfilled_due: "public.push_unfilled_due(1)",
    push_flag_unfilled: "public.push_flag_unfilled(1, 1)",
    push_unfilled_since: "public.push_unfilled_since(1)",
  };
  const HELPERS = { push_offer: "private.push_offer(1)" };

  itIsTheServiceRolesAlone(() => db, CALLS, HELPERS);
});

describe("push_offer_appointment (as the service role)", () => {
  it("requested → offered (version 2): one open offer each (an id named twice once), to the millisecond, the e-mails with it", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const answer = await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID, INTERPRETER_ID], DEADLINE, NOW, [mail("a"), mail("b")]);
      expect(answer).toEqual({ ok: true, version: 2 });
      expect(await appointmentRow(tx, id)).toEqual({ status: "offered", version: 2, interpreter_id: null, updated: NOW });
      const offers = await offersOf(tx, id);
      expect(offers).toEqual(
        [
          [INTERPRETER_ID, "Daniel Interpreter"],
          [OTHER_INTERPRETER_ID, "Linh Interpreter"],
        ].map(([interpreter_id, interpreter_name]) => ({
          id: expect.any(Number),
          appointment_id: id,
          interpreter_id,
          interpreter_name,
          status: "open",
          offered_at: expect.any(String),
          expires_at: expect.any(String),
          responded_at: null,
        })),
      );
      for (const offer of offers) expect([ms(offer.offered_at), ms(offer.expires_at)]).toEqual([NOW, DEADLINE]);
      expect(await outbox(tx)).toEqual([
        { appointment_id: id, subject: "a", created_at: NOW },
        { appointment_id: id, subject: "b", created_at: NOW },
      ]);
    });
  });

  it("refuses an unknown interpreter first, storing nothing (whatever the appointment); then not-found, stale and not-offerable", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const unknown = { ok: false, reason: "unknown-interpreter" };
      expect(await offerAppointment(tx, id, 1, [INTERPRETER_ID, NOBODY], DEADLINE, NOW, [mail("lost")])).toEqual(unknown);
      expect(await offerAppointment(tx, 99, 7, [NOBODY], DEADLINE, NOW)).toEqual(unknown);
      expect(await offerAppointment(tx, 99, 1, [INTERPRETER_ID], DEADLINE, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await offerAppointment(tx, id, 2, [INTERPRETER_ID], DEADLINE, NOW, [mail("lost")])).toEqual({ ok: false, reason: "stale" });
      expect(await appointmentRow(tx, id)).toMatchObject({ status: "requested", version: 1 });
      expect(await offersOf(tx, id)).toEqual([]);
      expect(await outbox(tx)).toEqual([]);
      for (const status of ["confirmed", "completed", "cancelled"]) {
        const other = await book(
          tx,
          10 + ["confirmed", "completed", "cancelled"].indexOf(status),
          DAY_1 + DAY,
          2,
          status,
          status === "confirmed" ? ADMIN_ID : null,
        );
        expect(await offerAppointment(tx, other, 1, [INTERPRETER_ID], DEADLINE, NOW), status).toEqual({ ok: false, reason: "not-offerable" });
      }
      // No one at all: offered to nobody yet (as on D1), which leaves it unfilled at once.
      expect(await offerAppointment(tx, id, 1, [], DEADLINE, NOW)).toEqual({ ok: true, version: 2 });
      expect(await unfilledDue(tx, NOW)).toEqual([id]);
    });
  });

  it("offered again: an offer reopens with the new deadline, its answer forgotten; the unfilled notice goes; someone new is added", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID], NOW + HOUR, NOW);
      await declineOffer(tx, await offerIdOf(tx, id, INTERPRETER_ID), INTERPRETER_ID, NOW + 1);
      expect(await flagUnfilled(tx, id, NOW + 2)).toBe(true);
      const first = await offerIdOf(tx, id, INTERPRETER_ID);
      expect(await offerAppointment(tx, id, 2, [INTERPRETER_ID, OTHER_INTERPRETER_ID], NOW + 3 * HOUR, NOW + 2 * HOUR)).toEqual({ ok: true, version: 3 });
      const offers = await offersOf(tx, id);
      expect(offers.map((offer) => [offer.id === first, offer.status, ms(offer.offered_at), ms(offer.expires_at), offer.responded_at])).toEqual([
        [true, "open", NOW + 2 * HOUR, NOW + 3 * HOUR, null],
        [false, "open", NOW + 2 * HOUR, NOW + 3 * HOUR, null],
      ]);
      expect(await call(tx, "public.push_unfilled_since($1)", [id])).toBeNull();
    });
  });
});

describe("push_accept_offer (as the service role)", () => {
  it("the first accept wins: confirmed to them, the offer accepted, the others taken, only the winner's e-mails; the second finds it taken", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID, ADMIN_ID], DEADLINE, NOW);
      const [mine, theirs] = [await offerIdOf(tx, id, INTERPRETER_ID), await offerIdOf(tx, id, OTHER_INTERPRETER_ID)];
      expect(await acceptOffer(tx, mine, INTERPRETER_ID, NOW + 5, [mail("confirmed", "customer@example.com")])).toEqual({
        ok: true,
        appointment_id: id,
        version: 3,
      });
      expect(await acceptOffer(tx, theirs, OTHER_INTERPRETER_ID, NOW + 5, [mail("never")])).toEqual({ ok: false, reason: "taken" });
      expect(await appointmentRow(tx, id)).toEqual({ status: "confirmed", version: 3, interpreter_id: INTERPRETER_ID, updated: NOW + 5 });
      expect(await statuses(tx, id)).toEqual({
        [INTERPRETER_ID]: ["accepted", NOW + 5],
        [OTHER_INTERPRETER_ID]: ["taken", NOW + 5],
        [ADMIN_ID]: ["taken", NOW + 5],
      });
      expect(await outbox(tx)).toEqual([{ appointment_id: id, subject: "confirmed", created_at: NOW + 5 }]);
      // Answered already: accepting again or declining changes nothing.
      expect(await acceptOffer(tx, mine, INTERPRETER_ID, NOW + 6)).toEqual({ ok: false, reason: "answered" });
      expect(await declineOffer(tx, mine, INTERPRETER_ID, NOW + 6)).toEqual({ ok: false, reason: "answered" });
      expect(await declineOffer(tx, theirs, OTHER_INTERPRETER_ID, NOW + 6)).toEqual({ ok: false, reason: "answered" });
      expect(await appointmentRow(tx, id)).toMatchObject({ version: 3 });
    });
  });

  it("refused, changing nothing: another's offer or none (not-found), declined (answered), cancelled (taken), at its deadline (expired)", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID], DEADLINE, NOW);
      const [mine, theirs] = [await offerIdOf(tx, id, INTERPRETER_ID), await offerIdOf(tx, id, OTHER_INTERPRETER_ID)];
      expect(await acceptOffer(tx, theirs, INTERPRETER_ID, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await acceptOffer(tx, 99_999, INTERPRETER_ID, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await acceptOffer(tx, mine, INTERPRETER_ID, DEADLINE)).toEqual({ ok: false, reason: "expired" });
      expect(await declineOffer(tx, theirs, OTHER_INTERPRETER_ID, NOW)).toEqual({ ok: true });
      expect(await acceptOffer(tx, theirs, OTHER_INTERPRETER_ID, NOW)).toEqual({ ok: false, reason: "answered" });
      expect(await appointmentRow(tx, id)).toMatchObject({ status: "offered", version: 2 });
      await tx.query("update public.appointments set status = 'cancelled', version = 3 where id = $1", [id]);
      // Cancelled, however late: taken comes before expired.
      expect(await acceptOffer(tx, mine, INTERPRETER_ID, DEADLINE)).toEqual({ ok: false, reason: "taken" });
      expect(await acceptOffer(tx, mine, INTERPRETER_ID, NOW)).toEqual({ ok: false, reason: "taken" });
      expect(await statuses(tx, id)).toEqual({ [INTERPRETER_ID]: ["open", null], [OTHER_INTERPRETER_ID]: ["declined", NOW] });
    });
  });

  it("conflict: the interpreter's confirmed appointment overlaps (by a millisecond) — it stays offered, the offer open, no e-mail", async () => {
    await within(db, serviceRole, async (tx) => {
      await book(tx, 1, DAY_1, 2, "confirmed", INTERPRETER_ID);
      const overlapping = await book(tx, 2, DAY_1 + 2 * HOUR - 1);
      const backToBack = await book(tx, 3, DAY_1 + 2 * HOUR, 1);
      for (const id of [overlapping, backToBack]) await offerAppointment(tx, id, 1, [INTERPRETER_ID], DEADLINE, NOW);
      const offer = await offerIdOf(tx, overlapping, INTERPRETER_ID);
      // Expired and conflicting: expired is said first.
      expect(await acceptOffer(tx, offer, INTERPRETER_ID, DEADLINE)).toEqual({ ok: false, reason: "expired" });
      expect(await acceptOffer(tx, offer, INTERPRETER_ID, NOW, [mail("never")])).toEqual({ ok: false, reason: "conflict" });
      expect(await appointmentRow(tx, overlapping)).toMatchObject({ status: "offered", version: 2, interpreter_id: null });
      expect(await statuses(tx, overlapping)).toEqual({ [INTERPRETER_ID]: ["open", null] });
      expect(await outbox(tx)).toEqual([]);
      // Half-open spans: one starting as the other ends is no overlap.
      expect(await acceptOffer(tx, await offerIdOf(tx, backToBack, INTERPRETER_ID), INTERPRETER_ID, NOW)).toMatchObject({ ok: true });
    });
  });

  it("conflict when the exclusion constraint decides: an overlapping confirmation committed between the check and the write", async () => {
    // One connection cannot run two accepts at once; a trigger stands in for the other one, confirming #2 to the same
    // interpreter just before this accept's UPDATE (as an accept of #2 committing at that moment would).
    await within(db, null, async (tx) => {
      await tx.exec(`
        create function public.concurrent_accept() returns trigger language plpgsql as $$
        begin
          if pg_catalog.pg_trigger_depth() = 1 and new.status = 'confirmed' then
            update public.appointments set status = 'confirmed', interpreter_id = new.interpreter_id where id = 2;
          end if;
          return new;
        end $$;
        create trigger concurrent_accept before update on public.appointments for each row execute function public.concurrent_accept();`);
      await becomeActor(tx, serviceRole);
      const id = await book(tx, 1, DAY_1);
      await book(tx, 2, DAY_1 + HOUR);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID], DEADLINE, NOW);
      const offer = await offerIdOf(tx, id, INTERPRETER_ID);
      expect(await acceptOffer(tx, offer, INTERPRETER_ID, NOW, [mail("never")])).toEqual({ ok: false, reason: "conflict" });
      // Nothing of this accept is kept (nor what the stand-in wrote inside it).
      expect(await appointmentRow(tx, id)).toMatchObject({ status: "offered", version: 2, interpreter_id: null });
      expect(await appointmentRow(tx, 2)).toMatchObject({ status: "requested", interpreter_id: null });
      expect(await statuses(tx, id)).toEqual({ [INTERPRETER_ID]: ["open", null] });
      expect(await outbox(tx)).toEqual([]);
    });
  });
});

describe("push_decline_offer (as the service role)", () => {
  it("an open offer of theirs is declined at p_now (even past its deadline); then answered; another's is not found", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID], NOW + HOUR, NOW);
      const mine = await offerIdOf(tx, id, INTERPRETER_ID);
      expect(await declineOffer(tx, mine, OTHER_INTERPRETER_ID, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await declineOffer(tx, mine, INTERPRETER_ID, NOW + 2 * HOUR)).toEqual({ ok: true });
      expect(await declineOffer(tx, mine, INTERPRETER_ID, NOW + 3 * HOUR)).toEqual({ ok: false, reason: "answered" });
      expect(await statuses(tx, id)).toEqual({ [INTERPRETER_ID]: ["declined", NOW + 2 * HOUR], [OTHER_INTERPRETER_ID]: ["open", null] });
      expect(await appointmentRow(tx, id)).toMatchObject({ status: "offered", version: 2 });
    });
  });
});

describe("the reads (as the service role)", () => {
  it("push_appointment_offers: by interpreter name in code points, then id", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      // Lower case sorts after every capital in code points (before "Linh" in a dictionary's order).
      await tx.query("update public.users set full_name = 'daniel' where id = $1", [INTERPRETER_ID]);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID, ADMIN_ID], DEADLINE, NOW);
      expect((await offersOf(tx, id)).map((offer) => offer.interpreter_name)).toEqual(["Amira Admin", "Linh Interpreter", "daniel"]);
      expect(await offersOf(tx, 99)).toEqual([]);
    });
  });

  it("push_get_offer: the interpreter's offer with its appointment (as push_get_appointment answers it); another's is null", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID], DEADLINE, NOW);
      const [offer] = await offersOf(tx, id);
      const job = await call<OfferedJobJson | null>(tx, "public.push_get_offer($1, $2)", [offer!.id, INTERPRETER_ID]);
      expect(job).toEqual({ ...offer, appointment: await call(tx, "public.push_get_appointment($1)", [id]) });
      expect(job!.appointment).toMatchObject({ id, status: "offered", version: 2 });
      expect(await call(tx, "public.push_get_offer($1, $2)", [offer!.id, OTHER_INTERPRETER_ID])).toBeNull();
    });
  });

  it("push_interpreter_offers: not started yet; open and offered before the deadline, or answered since p_since; by start, then id", async () => {
    await within(db, serviceRole, async (tx) => {
      const mine = (now: number, since: number) =>
        call<OfferedJobJson[]>(tx, "public.push_interpreter_offers($1, $2, $3)", [INTERPRETER_ID, now, since]).then((jobs) =>
          jobs.map((job) => [job.appointment.id, job.status]),
        );
      // #1 (day 3) stays open; #2 (day 2) is taken by the other interpreter; #3 (day 1) is declined; #4 (day 4) is
      // cancelled with its offer still open; #5 (day 5) is offered to someone else only.
      const [later, taken, declined, cancelled, others] = [
        await book(tx, 1, DAY_1 + 2 * DAY),
        await book(tx, 2, DAY_1 + DAY),
        await book(tx, 3, DAY_1),
        await book(tx, 4, DAY_1 + 3 * DAY),
        await book(tx, 5, DAY_1 + 4 * DAY),
      ];
      for (const id of [later, taken, declined, cancelled]) await offerAppointment(tx, id, 1, [INTERPRETER_ID, OTHER_INTERPRETER_ID], NOW + HOUR, NOW);
      await offerAppointment(tx, others, 1, [OTHER_INTERPRETER_ID], NOW + HOUR, NOW);
      await acceptOffer(tx, await offerIdOf(tx, taken, OTHER_INTERPRETER_ID), OTHER_INTERPRETER_ID, NOW + 10);
      await declineOffer(tx, await offerIdOf(tx, declined, INTERPRETER_ID), INTERPRETER_ID, NOW + 20);
      await tx.query("update public.appointments set status = 'cancelled' where id = $1", [cancelled]);

      expect(await mine(NOW + 30, NOW)).toEqual([
        [declined, "declined"],
        [taken, "taken"],
        [later, "open"],
      ]);
      // Answered before p_since: gone (answered exactly at it: kept).
      expect(await mine(NOW + 30, NOW + 20)).toEqual([
        [declined, "declined"],
        [later, "open"],
      ]);
      // At the deadline the open one is gone too.
      expect(await mine(NOW + HOUR, NOW + 21)).toEqual([]);
      // Once an appointment has started it is not listed, whatever its offer (and by then the open one has lapsed).
      expect(await mine(DAY_1, NOW)).toEqual([[taken, "taken"]]);
      expect(await call(tx, "public.push_interpreter_offers($1, $2, $3)", [NOBODY, NOW, 0])).toEqual([]);
    });
  });
});

describe("unfilled: push_unfilled_due, push_flag_unfilled and push_unfilled_since (as the service role)", () => {
  it("due once every open offer's deadline has passed; flagged once, its e-mails only with that flag; offering again starts over", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await offerAppointment(tx, id, 1, [INTERPRETER_ID], NOW + HOUR, NOW);
      expect(await unfilledDue(tx, NOW + HOUR - 1)).toEqual([]);
      expect(await flagUnfilled(tx, id, NOW + HOUR - 1, [mail("too early")])).toBe(false);
      expect(await unfilledDue(tx, NOW + HOUR)).toEqual([id]);
      expect(await flagUnfilled(tx, id, NOW + HOUR, [mail("unfilled", "staff@example.com")])).toBe(true);
      expect(await flagUnfilled(tx, id, NOW + HOUR, [mail("again")])).toBe(false);
      expect(await flagUnfilled(tx, id, NOW + 2 * HOUR, [mail("later")])).toBe(false);
      expect(await outbox(tx)).toEqual([{ appointment_id: id, subject: "unfilled", created_at: NOW + HOUR }]);
      expect(ms(await call(tx, "public.push_unfilled_since($1)", [id]))).toBe(NOW + HOUR);
      expect(await unfilledDue(tx, NOW + 2 * HOUR)).toEqual([]);

      await offerAppointment(tx, id, 2, [INTERPRETER_ID], NOW + 3 * HOUR, NOW + 2 * HOUR);
      expect(await call(tx, "public.push_unfilled_since($1)", [id])).toBeNull();
      expect(await flagUnfilled(tx, id, NOW + 2 * HOUR)).toBe(false);
      expect(await unfilledDue(tx, NOW + 3 * HOUR)).toEqual([id]);
      expect(await call(tx, "public.push_unfilled_since($1)", [99])).toBeNull();
    });
  });

  it("everyone declining before the deadline leaves it unfilled too; confirmed, cancelled or requested never is; by start, then id", async () => {
    await within(db, serviceRole, async (tx) => {
      const [declined, confirmed, cancelled, requested, earlier] = [
        await book(tx, 1, DAY_1 + DAY),
        await book(tx, 2, DAY_1 + 2 * DAY),
        await book(tx, 3, DAY_1 + 3 * DAY),
        await book(tx, 4, DAY_1 + 4 * DAY),
        await book(tx, 5, DAY_1),
      ];
      for (const id of [declined, confirmed, cancelled, earlier]) await offerAppointment(tx, id, 1, [INTERPRETER_ID], NOW + HOUR, NOW);
      await declineOffer(tx, await offerIdOf(tx, declined, INTERPRETER_ID), INTERPRETER_ID, NOW);
      await acceptOffer(tx, await offerIdOf(tx, confirmed, INTERPRETER_ID), INTERPRETER_ID, NOW);
      await tx.query("update public.appointments set status = 'cancelled' where id = $1", [cancelled]);
      expect(await unfilledDue(tx, NOW)).toEqual([declined]);
      expect(await unfilledDue(tx, NOW + 2 * HOUR)).toEqual([earlier, declined]);
      for (const id of [confirmed, cancelled, requested]) expect(await flagUnfilled(tx, id, NOW + 2 * HOUR), String(id)).toBe(false);
      expect(await flagUnfilled(tx, 99, NOW + 2 * HOUR)).toBe(false);
      expect(await rowsOf(tx, "select appointment_id from public.unfilled_notices")).toEqual([]);
    });
  });

  it("answers at most 100, the soonest first", async () => {
    await within(db, serviceRole, async (tx) => {
      for (let index = 0; index < 101; index++) {
        await book(tx, 101 - index, DAY_1 + index * 3 * HOUR, 1, "offered");
      }
      const due = await unfilledDue(tx, NOW);
      expect(due).toHaveLength(100);
      expect([due[0], due.at(-1)]).toEqual([101, 2]);
    });
  });
});

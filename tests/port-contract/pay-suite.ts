// The port's contract for interpreters' pay (issue 26, build item 6; docs/decisions/0039): PayStore — the work with an
// interpreter and nothing on their pay (approved appointments, answered calls, delivered orders) until items are made;
// an item made once per source; a statement per interpreter per month with its exact total; marking it paid only at the
// items and amount its page showed (409's "stale" otherwise), and an item made later still to pay. Called from
// d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { NewPayItem } from "~/backend/port-pay.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { sampleComputation } from "../support/rate-line-samples";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
// Older than any other suite's work, so this suite's sources are among the oldest UNPAID_AT_ONCE.
const PAST = Date.UTC(2019, 2, 5, 17);
const NOW = Date.UTC(2031, 2, 1, 12);
const ADMIN = "pay-contract-admin";

export function describePayContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const pay = () => backend().pay;
  let languageId = 0;

  const item = (interpreterId: string, fields: Partial<NewPayItem> = {}): NewPayItem => ({
    source: unique("appointment:"),
    interpreterId,
    workDay: "2031-01-08",
    currency: "USD",
    amountMinor: 9000,
    rateLineId: null,
    computation: sampleComputation,
    ...fields,
  });

  /** An on-site appointment at `startsAt`, confirmed to `interpreterId`, held an hour, its record approved: its id. */
  async function heldBy(interpreterId: string, startsAt: number) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "on_site" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("pay")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "on_site", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      startsAt - 7 * 24 * HOUR,
    );
    if (!made.ok) throw new Error(made.reason);
    await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, startsAt - 2 * HOUR);
    const [offer] = await backend().offers.forAppointment(made.id);
    if (!(await backend().offers.accept(offer!.id, interpreterId, startsAt - HOUR)).ok) throw new Error("not accepted");
    const entry = { actualStart: startsAt, actualEnd: startsAt + HOUR, travelMinutes: 0, noShow: null };
    const approved = await backend().records.approve(made.id, { basedOn: 3, entry, by: "admin@example.com" }, startsAt + 2 * HOUR);
    if (!approved.ok) throw new Error(approved.reason);
    return made.id;
  }

  describe(`interpreters' pay — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("an approved appointment and an answered call are to pay until their items are made", async () => {
      const person = await newInterpreter();
      const appointment = await heldBy(person.id, PAST);
      const callId = crypto.randomUUID();
      const call = { id: callId, languageId, language: "Spanish", type: "video" as const, callerName: "Caller", customerId: null };
      await backend().calls.record({
        ...call,
        interpreterId: person.id,
        interpreterName: "P",
        outcome: "answered",
        requestedAt: PAST,
        answeredAt: PAST + 5_000,
        endedAt: PAST + 66_000,
      });
      const missed = crypto.randomUUID();
      await backend().calls.record({
        ...call,
        id: missed,
        interpreterId: person.id,
        interpreterName: "P",
        outcome: "missed",
        requestedAt: PAST,
        answeredAt: null,
        endedAt: PAST + 9_000,
      });

      const before = await pay().unpaid(24);
      expect(before.appointments.find((each) => each.id === appointment)).toMatchObject({
        interpreterId: person.id,
        mode: "on_site",
        startsAt: PAST,
        status: "completed",
        record: { actualStart: PAST, actualEnd: PAST + HOUR, noShow: null },
      });
      expect(before.calls.find((each) => each.id === callId)).toEqual({
        id: callId,
        interpreterId: person.id,
        languageId,
        answeredAt: PAST + 5_000,
        endedAt: PAST + 66_000,
      });
      expect(before.calls.some((each) => each.id === missed)).toBe(false);

      const made = [item(person.id, { source: `appointment:${appointment}` }), item(person.id, { source: `call:${callId}` })];
      expect(await pay().addItems(made, NOW)).toBe(2);
      const after = await pay().unpaid(24);
      expect(after.appointments.some((each) => each.id === appointment)).toBe(false);
      expect(after.calls.some((each) => each.id === callId)).toBe(false);
    });

    it("a statement per interpreter per month: its items by day, its exact total; an item is made once", async () => {
      const person = await newInterpreter();
      const january = [item(person.id, { workDay: "2031-01-20", amountMinor: 100 }), item(person.id, { workDay: "2031-01-08", amountMinor: 9000 })];
      const february = item(person.id, { workDay: "2031-02-01", amountMinor: 2500 });
      expect(await pay().addItems([...january, february], NOW)).toBe(3);
      expect(await pay().addItems([{ ...january[0]!, amountMinor: 1 }], NOW)).toBe(0);

      const statement = await pay().statement(person.id, "2031-01");
      expect(statement).toMatchObject({ interpreterId: person.id, interpreterEmail: person.email, month: "2031-01", currency: "USD" });
      expect(statement).toMatchObject({ itemCount: 2, totalMinor: 9100, paidMinor: 0, paidAt: null });
      expect(statement!.items.map((each) => [each.source, each.workDay, each.amountMinor, each.paidAt])).toEqual([
        [january[1]!.source, "2031-01-08", 9000, null],
        [january[0]!.source, "2031-01-20", 100, null],
      ]);
      expect(statement!.items[0]!.computation).toEqual(sampleComputation);
      expect(await pay().statement(person.id, "2031-03")).toBeNull();

      const own = await pay().statements({ interpreterId: person.id, month: null }, 1);
      expect(own.items.map((each) => [each.month, each.itemCount, each.totalMinor])).toEqual([
        ["2031-02", 1, 2500],
        ["2031-01", 2, 9100],
      ]);
      expect(own.total).toBe(2);
      const month = await pay().statements({ interpreterId: null, month: "2031-02" }, 1);
      expect(month.items.every((each) => each.month === "2031-02")).toBe(true);
      expect(month.items.some((each) => each.interpreterId === person.id)).toBe(true);
    });

    it("marked paid only at the items and amount seen; an item made afterwards is still to pay", async () => {
      const person = await newInterpreter();
      await pay().addItems([item(person.id, { amountMinor: 6750 }), item(person.id, { workDay: "2031-01-09", amountMinor: 100 })], NOW);

      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 1, toPayMinor: 6850, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "stale" });
      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 2, toPayMinor: 6750, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "stale" });
      expect((await pay().statement(person.id, "2031-01"))!.paidMinor).toBe(0);

      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 2, toPayMinor: 6850, by: ADMIN }, NOW + 1)).toEqual({ ok: true });
      const paid = await pay().statement(person.id, "2031-01");
      expect(paid).toMatchObject({ itemCount: 2, totalMinor: 6850, paidMinor: 6850, paidAt: NOW + 1 });
      expect(paid!.items.map((each) => each.paidAt)).toEqual([NOW + 1, NOW + 1]);
      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 2, toPayMinor: 6850, by: ADMIN }, NOW + 2)).toEqual({
        ok: false,
        reason: "nothing-to-pay",
      });

      await pay().addItems([item(person.id, { workDay: "2031-01-30", amountMinor: 1234 })], NOW + 3);
      const later = await pay().statement(person.id, "2031-01");
      expect(later).toMatchObject({ itemCount: 3, totalMinor: 8084, paidMinor: 6850 });
      expect(later!.items.map((each) => each.paidAt)).toEqual([NOW + 1, NOW + 1, null]);
      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 2, toPayMinor: 0, by: ADMIN }, NOW + 4)).toEqual({ ok: false, reason: "stale" });
      expect(await pay().markPaid(person.id, "2031-01", { itemCount: 3, toPayMinor: 1234, by: ADMIN }, NOW + 5)).toEqual({ ok: true });
      expect(await pay().statement(person.id, "2031-01")).toMatchObject({ totalMinor: 8084, paidMinor: 8084, paidAt: NOW + 5 });
    });

    it("an interpreter with pay items is not removed (has-pay), nor are their statement and sign-in; one without is", async () => {
      const paid = await newInterpreter();
      await pay().addItems([item(paid.id, { amountMinor: 700 })], NOW);
      expect(await backend().interpreters.remove(paid.id)).toEqual({ ok: false, reason: "has-pay" });
      expect(await pay().statement(paid.id, "2031-01")).toMatchObject({ totalMinor: 700, interpreterEmail: paid.email });
      expect((await backend().auth.signIn({ email: paid.email, password: paid.password })).ok).toBe(true);
      const other = await newInterpreter();
      expect(await backend().interpreters.remove(other.id)).toMatchObject({ ok: true, email: other.email });
    });

    it("two admins marking the same statement paid at once: it is paid once", async () => {
      const person = await newInterpreter();
      await pay().addItems([item(person.id, { amountMinor: 500 })], NOW);
      const seen = { itemCount: 1, toPayMinor: 500, by: ADMIN };
      const results = await Promise.all([pay().markPaid(person.id, "2031-01", seen, NOW), pay().markPaid(person.id, "2031-01", seen, NOW)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "nothing-to-pay" });
      expect(await pay().statement(person.id, "2031-01")).toMatchObject({ totalMinor: 500, paidMinor: 500 });
    });
  });
}

// The port's contract for credit notes (issue 26, build item 3; docs/decisions/0037): a correction of an issued invoice
// takes the year's next credit note number (PUSH-CN-<year>-<sequence>: two at once consecutive, a refusal takes none),
// never more than what is neither paid nor credited, and a payment's check subtracts what was credited. Called from
// d1.test.ts and supabase.test.ts.
import { describe, expect, it, beforeAll } from "vitest";
import { invoiceFixtures } from "./invoice-fixtures";
import { portHelpers } from "./port-helpers";
import type { ContractTarget } from "./target";

const NOW = Date.UTC(2026, 11, 9, 17);
const ADMIN = "credit-notes-contract-admin";
// Years of this suite's own, so its numbers start at 0001.
const YEAR = 2033;

export function describeCreditNotesContract(target: ContractTarget) {
  const { backend } = portHelpers(target);
  const invoices = () => backend().invoices;
  const { draftOf100, loadLanguage } = invoiceFixtures(target, { now: NOW, admin: ADMIN });

  /** An issued invoice of $100.00: its id. */
  async function issuedOf100(): Promise<number> {
    const id = await draftOf100();
    const issued = await invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: 2036, by: ADMIN }, NOW);
    if (!issued.ok) throw new Error(issued.reason);
    return id;
  }

  describe(`credit notes — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      await loadLanguage();
    });

    it("a credit note takes the year's next number and an amount off what is open; more than open, a draft or nothing is refused, taking no number", async () => {
      const id = await issuedOf100();
      const draft = await draftOf100();
      const note = { amountMinor: 2500, reason: "Goodwill: the interpreter arrived late", year: YEAR, by: ADMIN };
      expect(await invoices().credit(draft, note, NOW)).toEqual({ ok: false, reason: "draft" });
      expect(await invoices().credit(999_999_999, note, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await invoices().credit(id, { ...note, amountMinor: 10001 }, NOW)).toEqual({ ok: false, reason: "over" });

      expect(await invoices().credit(id, note, NOW + 1000)).toEqual({ ok: true, number: `PUSH-CN-${YEAR}-0001` });
      // $40.00 paid: $35.00 is open. A payment of $35.01 is refused; a credit note of $35.01 too; $35.00 credits it all.
      expect(await invoices().recordPayment(id, { amountMinor: 4000, paidOn: "2026-12-20", method: "cash", reference: "", by: ADMIN }, NOW + 2000)).toEqual({
        ok: true,
      });
      expect(await invoices().recordPayment(id, { amountMinor: 3501, paidOn: "2026-12-20", method: "cash", reference: "", by: ADMIN }, NOW + 3000)).toEqual({
        ok: false,
        reason: "over",
      });
      expect(await invoices().credit(id, { ...note, amountMinor: 3501 }, NOW + 3000)).toEqual({ ok: false, reason: "over" });
      expect(await invoices().credit(id, { ...note, amountMinor: 3500, reason: "Rounding" }, NOW + 4000)).toEqual({ ok: true, number: `PUSH-CN-${YEAR}-0002` });
      expect(await invoices().credit(id, { ...note, amountMinor: 1 }, NOW + 5000)).toEqual({ ok: false, reason: "over" });
      expect(
        await invoices().recordStripePayment(id, { amountMinor: 1, paidOn: "2026-12-21", reference: "pi_1", eventId: `evt_${crypto.randomUUID()}` }, NOW),
      ).toEqual({ ok: false, reason: "over" });

      const credited = (await invoices().get(id))!;
      expect([credited.paidMinor, credited.creditedMinor]).toEqual([4000, 6000]);
      expect(credited.credits.map(({ number, amountMinor, reason, createdBy, createdAt }) => [number, amountMinor, reason, createdBy, createdAt])).toEqual([
        [`PUSH-CN-${YEAR}-0001`, 2500, "Goodwill: the interpreter arrived late", ADMIN, NOW + 1000],
        [`PUSH-CN-${YEAR}-0002`, 3500, "Rounding", ADMIN, NOW + 4000],
      ]);
      expect((await invoices().list(1)).items.find((each) => each.id === id)).toMatchObject({ paidMinor: 4000, creditedMinor: 6000 });
    });

    it("two credit notes at the same instant get consecutive numbers; two that together exceed what is open: exactly one is stored", async () => {
      const [first, second] = [await issuedOf100(), await issuedOf100()];
      const note = { amountMinor: 1000, reason: "Discount", year: YEAR + 1, by: ADMIN };
      const both = await Promise.all([invoices().credit(first, note, NOW), invoices().credit(second, note, NOW)]);
      expect(both.map((answer) => (answer.ok ? answer.number : answer.reason)).sort()).toEqual([`PUSH-CN-${YEAR + 1}-0001`, `PUSH-CN-${YEAR + 1}-0002`]);

      const over = { ...note, amountMinor: 6000 };
      const racing = await Promise.all([invoices().credit(first, over, NOW), invoices().credit(first, over, NOW)]);
      expect(racing.map((answer) => (answer.ok ? answer.number : answer.reason)).sort()).toEqual([`PUSH-CN-${YEAR + 1}-0003`, "over"]);
      expect((await invoices().get(first))!.creditedMinor).toBe(7000);
    });
  });
}

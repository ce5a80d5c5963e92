// The port's contract for invoices (issue 26, build items 2-3; docs/decisions/0037): InvoiceStore — billable items are
// made once per source; a draft gathers a customer's unbilled items of a period in one currency; issuing takes the
// year's next number (two at once: consecutive; a refused issue takes none) and totals with the tax rounded once; an
// issued invoice is issued once. Called from d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { NewBillableItem } from "~/backend/port-invoices.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { sampleComputation } from "../support/rate-line-samples";
import { unique, type ContractTarget } from "./target";

const NOW = Date.UTC(2026, 11, 8, 17);
const YEAR = 2031; // a year of this suite's own, so its numbers start at 0001
const ADMIN = "invoices-contract-admin";
const computation = sampleComputation;

export function describeInvoicesContract(target: ContractTarget) {
  const { backend } = portHelpers(target);
  const invoices = () => backend().invoices;
  let languageId = 0;

  /** A customer, as a booking makes one; answers its id. */
  async function newCustomer(): Promise<number> {
    const startsAt = NOW + 30 * 24 * 3_600_000;
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("invoices")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      NOW,
    );
    if (!made.ok) throw new Error(made.reason);
    return (await backend().appointments.get(made.id))!.customerId;
  }

  const item = (customerId: number, fields: Partial<NewBillableItem> = {}): NewBillableItem => ({
    source: unique("appointment:"),
    customerId,
    workDay: "2026-12-08",
    currency: "USD",
    amountMinor: 18281,
    rateLineId: null,
    languageId: null,
    computation,
    ...fields,
  });

  /** A new customer's December draft of one $100.00 item: its id. */
  async function draftOf100(): Promise<number> {
    const customer = await newCustomer();
    await invoices().addItems([item(customer, { amountMinor: 10000 })], NOW);
    const draft = await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
    if (!draft.ok) throw new Error(draft.reason);
    return draft.id;
  }

  describe(`invoices — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("an item is made once per source; a draft gathers the period's unbilled items in its currency, once", async () => {
      const customer = await newCustomer();
      const december = [item(customer), item(customer, { workDay: "2026-12-31", amountMinor: 300 })];
      const outside = [item(customer, { workDay: "2027-01-01" }), item(customer, { currency: "KWD" })];
      expect(await invoices().addItems([...december, ...outside], NOW)).toBe(4);
      expect(await invoices().addItems([december[0]!, { ...december[1]!, amountMinor: 1 }], NOW)).toBe(0);

      const draft = await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
      if (!draft.ok) throw new Error(draft.reason);
      const read = await invoices().get(draft.id);
      expect(read).toMatchObject({
        customerId: customer,
        currency: "USD",
        periodFrom: "2026-12-01",
        periodTo: "2026-12-31",
        status: "draft",
        version: 1,
        number: null,
        totalMinor: null,
      });
      expect(read!.items.map((each) => [each.source, each.amountMinor, each.workDay])).toEqual(
        december.map((each) => [each.source, each.amountMinor, each.workDay]),
      );
      expect(read!.items[0]!.computation).toEqual(computation);

      expect(await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW)).toEqual({
        ok: false,
        reason: "nothing-to-bill",
      });
    });

    it("issuing numbers the draft, totals it with the tax rounded once, and happens once; a stale page takes no number", async () => {
      const customer = await newCustomer();
      await invoices().addItems([item(customer), item(customer, { amountMinor: 300 }), item(customer, { amountMinor: 25000 })], NOW);
      const draft = await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
      if (!draft.ok) throw new Error(draft.reason);

      expect(await invoices().issue(draft.id, { basedOn: 7, taxBasisPoints: 750, year: YEAR, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "stale" });
      const issued = await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 750, year: YEAR, by: ADMIN }, NOW + 1000);
      if (!issued.ok) throw new Error(issued.reason);
      // The suite's own year: the stale attempt before took no number, so this is the year's first.
      expect(issued.number).toBe("PUSH-2031-0001");
      // 182.81 + 3.00 + 250.00 = 435.81; 7.5 % of it is 32.68575 → 32.69.
      expect(await invoices().get(draft.id)).toMatchObject({
        status: "issued",
        version: 2,
        number: issued.number,
        taxBasisPoints: 750,
        subtotalMinor: 43581,
        taxMinor: 3269,
        totalMinor: 46850,
        issuedAt: NOW + 1000,
      });
      expect(await invoices().issue(draft.id, { basedOn: 2, taxBasisPoints: 750, year: YEAR, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "issued" });
      expect(await invoices().issue(999_999_999, { basedOn: 1, taxBasisPoints: 0, year: YEAR, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "not-found" });

      // The refusals took no number: the next invoice is the next in the sequence.
      const next = await newCustomer();
      await invoices().addItems([item(next)], NOW);
      const nextDraft = await invoices().createDraft({ customerId: next, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
      if (!nextDraft.ok) throw new Error(nextDraft.reason);
      expect(await invoices().issue(nextDraft.id, { basedOn: 1, taxBasisPoints: 0, year: YEAR, by: ADMIN }, NOW)).toEqual({
        ok: true,
        number: "PUSH-2031-0002",
      });
    });

    it("two drafts issued at the same instant get consecutive numbers, never the same one", async () => {
      const drafts: number[] = [];
      for (let index = 0; index < 2; index++) {
        const customer = await newCustomer();
        await invoices().addItems([item(customer)], NOW);
        const draft = await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
        if (!draft.ok) throw new Error(draft.reason);
        drafts.push(draft.id);
      }
      const both = await Promise.all(drafts.map((id) => invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: 2032, by: ADMIN }, NOW)));
      const numbers = both.map((result) => (result.ok ? result.number : result.reason)).sort();
      expect(numbers).toEqual(["PUSH-2032-0001", "PUSH-2032-0002"]);
    });

    it("sending makes the link once and keeps it, stores each e-mail with the invoice, and finds the invoice by its link", async () => {
      const customer = await newCustomer();
      await invoices().addItems([item(customer)], NOW);
      const draft = await invoices().createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN }, NOW);
      if (!draft.ok) throw new Error(draft.reason);
      const first = { hash: await sha256Hex(unique("invoice-link")), sealed: "sealed-first" };
      const mail = { kind: "invoice" as const, to: "ana@example.com", subject: "Invoice", body: "See {invoice-link-token}" };

      // A draft is not sent: nothing stored.
      expect(await invoices().send(draft.id, { link: first, locale: "en", mail, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "draft" });
      expect(await invoices().send(999_999_999, { link: first, locale: "en", mail, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "not-found" });
      expect(await backend().mail.forInvoice(draft.id)).toEqual([]);
      expect(await invoices().byLink(first.hash)).toBeNull();

      await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2035, by: ADMIN }, NOW);
      expect((await invoices().get(draft.id))!.link).toBeNull();
      expect(await invoices().send(draft.id, { link: first, locale: "ar", mail, by: ADMIN }, NOW + 1000)).toEqual({ ok: true });
      expect((await invoices().get(draft.id))!.link).toEqual({ sealed: "sealed-first", locale: "ar", sentAt: NOW + 1000, sends: 1 });

      // Sent again: the first link stays (the new token is never stored), in the language given now.
      const second = { hash: await sha256Hex(unique("invoice-link")), sealed: "sealed-second" };
      expect(await invoices().send(draft.id, { link: second, locale: "en", mail: { ...mail, subject: "Again" }, by: ADMIN }, NOW + 2000)).toEqual({ ok: true });
      expect((await invoices().get(draft.id))!.link).toEqual({ sealed: "sealed-first", locale: "en", sentAt: NOW + 1000, sends: 2 });
      expect(await invoices().byLink(second.hash)).toBeNull();
      expect(await invoices().byLink(first.hash)).toMatchObject({ id: draft.id, number: "PUSH-2035-0001", status: "issued" });

      const mails = await backend().mail.forInvoice(draft.id);
      expect(mails.map((each) => [each.kind, each.to, each.subject, each.body, each.invoiceId, each.status, each.createdAt])).toEqual([
        ["invoice", "ana@example.com", "Again", "See {invoice-link-token}", draft.id, "pending", NOW + 2000],
        ["invoice", "ana@example.com", "Invoice", "See {invoice-link-token}", draft.id, "pending", NOW + 1000],
      ]);
      // The list says when it was first sent.
      const listed = (await invoices().list(1)).items.find((each) => each.id === draft.id);
      expect(listed?.sentAt).toBe(NOW + 1000);
    });

    it("a payment is recorded for an issued invoice up to what is open, never beyond it; a draft is not paid", async () => {
      const draft = { id: await draftOf100() };
      const payment = { amountMinor: 4000, paidOn: "2026-12-20", method: "bank-transfer" as const, reference: "TRX 881", by: ADMIN };
      expect(await invoices().recordPayment(draft.id, payment, NOW)).toEqual({ ok: false, reason: "draft" });
      expect(await invoices().recordPayment(999_999_999, payment, NOW)).toEqual({ ok: false, reason: "not-found" });

      await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2036, by: ADMIN }, NOW);
      expect(await invoices().recordPayment(draft.id, payment, NOW + 1000)).toEqual({ ok: true });
      // 60.00 is open: 60.01 is refused, storing nothing; 60.00 pays it in full; then nothing more.
      expect(await invoices().recordPayment(draft.id, { ...payment, amountMinor: 6001 }, NOW + 2000)).toEqual({ ok: false, reason: "over" });
      expect(await invoices().recordPayment(draft.id, { ...payment, amountMinor: 6000, method: "card", reference: "" }, NOW + 3000)).toEqual({ ok: true });
      expect(await invoices().recordPayment(draft.id, { ...payment, amountMinor: 1 }, NOW + 4000)).toEqual({ ok: false, reason: "over" });

      const paid = await invoices().get(draft.id);
      expect(paid!.paidMinor).toBe(10000);
      expect(
        paid!.payments.map(({ amountMinor, paidOn, method, reference, recordedBy, recordedAt }) => [
          amountMinor,
          paidOn,
          method,
          reference,
          recordedBy,
          recordedAt,
        ]),
      ).toEqual([
        [4000, "2026-12-20", "bank-transfer", "TRX 881", ADMIN, NOW + 1000],
        [6000, "2026-12-20", "card", "", ADMIN, NOW + 3000],
      ]);
      expect((await invoices().list(1)).items.find((each) => each.id === draft.id)?.paidMinor).toBe(10000);
    });

    it("two payments recorded at the same instant that together exceed what is open: exactly one is stored", async () => {
      const draft = { id: await draftOf100() };
      await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2036, by: ADMIN }, NOW);
      const payment = { amountMinor: 7000, paidOn: "2026-12-20", method: "cash" as const, reference: "", by: ADMIN };
      const both = await Promise.all([invoices().recordPayment(draft.id, payment, NOW), invoices().recordPayment(draft.id, payment, NOW)]);
      expect(both.map((answer) => (answer.ok ? "ok" : answer.reason)).sort()).toEqual(["ok", "over"]);
      expect((await invoices().get(draft.id))!.paidMinor).toBe(7000);
    });

    it("a payment from Stripe is recorded once per event: the same event again, even at once, changes nothing", async () => {
      const draft = { id: await draftOf100() };
      const paid = { amountMinor: 10000, paidOn: "2026-12-21", reference: "pi_3Q", eventId: unique("evt_") };
      expect(await invoices().recordStripePayment(draft.id, paid, NOW)).toEqual({ ok: false, reason: "draft" });
      await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2037, by: ADMIN }, NOW);

      const both = await Promise.all([invoices().recordStripePayment(draft.id, paid, NOW + 1000), invoices().recordStripePayment(draft.id, paid, NOW + 1000)]);
      expect(both.map((answer) => (answer.ok ? "ok" : answer.reason)).sort()).toEqual(["duplicate", "ok"]);
      // Replayed later, or with other figures: still the one payment.
      expect(await invoices().recordStripePayment(draft.id, { ...paid, amountMinor: 1 }, NOW + 5000)).toEqual({ ok: false, reason: "duplicate" });
      expect(await invoices().recordStripePayment(draft.id, { ...paid, amountMinor: 1, eventId: unique("evt_") }, NOW)).toEqual({ ok: false, reason: "over" });
      expect(await invoices().recordStripePayment(999_999_999, { ...paid, eventId: unique("evt_") }, NOW)).toEqual({ ok: false, reason: "not-found" });

      const invoice = await invoices().get(draft.id);
      expect(invoice!.paidMinor).toBe(10000);
      expect(
        invoice!.payments.map(({ amountMinor, paidOn, method, reference, recordedBy, recordedAt }) => [
          amountMinor,
          paidOn,
          method,
          reference,
          recordedBy,
          recordedAt,
        ]),
      ).toEqual([[10000, "2026-12-21", "card", "pi_3Q", "stripe", NOW + 1000]]);
    });

    it("the payments' export reads them in the order recorded, after the last one read, each with its invoice and customer", async () => {
      const draft = { id: await draftOf100() };
      await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2038, by: ADMIN }, NOW);
      const start = (await invoices().paymentsAfter(0, 100_000)).at(-1)?.id ?? 0;
      await invoices().recordPayment(draft.id, { amountMinor: 2500, paidOn: "2026-12-20", method: "cash", reference: "", by: ADMIN }, NOW);
      await invoices().recordStripePayment(draft.id, { amountMinor: 7500, paidOn: "2026-12-21", reference: "pi_9", eventId: unique("evt_") }, NOW + 1);
      const read = await invoices().paymentsAfter(start, 1);
      expect(
        read.map(({ invoiceId, invoiceNumber, currency, amountMinor, method, recordedBy }) => [
          invoiceId,
          invoiceNumber,
          currency,
          amountMinor,
          method,
          recordedBy,
        ]),
      ).toEqual([[draft.id, "PUSH-2038-0001", "USD", 2500, "cash", ADMIN]]);
      expect(read[0]!.customerEmail).toMatch(/@example\.com$/);
      const next = await invoices().paymentsAfter(read[0]!.id, 10);
      expect(next.map(({ amountMinor, method, reference }) => [amountMinor, method, reference])).toEqual([[7500, "card", "pi_9"]]);
      expect(await invoices().paymentsAfter(next[0]!.id, 10)).toEqual([]);
    });
  });
}

// What the invoice suites make (invoices-suite.ts, credit-notes-suite.ts): a customer as a booking makes one, a
// billable item of theirs, and a December draft of one $100.00 item.
import type { NewBillableItem } from "~/backend/port-invoices.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { sampleComputation } from "../support/rate-line-samples";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

export function invoiceFixtures(target: ContractTarget, { now, admin }: { now: number; admin: string }) {
  const { backend } = portHelpers(target);
  let languageId = 0;

  /** A customer, as a booking makes one; answers its id. */
  async function newCustomer(): Promise<number> {
    const startsAt = now + 30 * 24 * 3_600_000;
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("invoices")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      now,
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
    computation: sampleComputation,
    ...fields,
  });

  /** A new customer's December draft of one $100.00 item: its id. */
  async function draftOf100(): Promise<number> {
    const customer = await newCustomer();
    await backend().invoices.addItems([item(customer, { amountMinor: 10000 })], now);
    const draft = await backend().invoices.createDraft({ customerId: customer, currency: "USD", from: "2026-12-01", to: "2026-12-31", by: admin }, now);
    if (!draft.ok) throw new Error(draft.reason);
    return draft.id;
  }

  /** The language bookings are made in (call once the target is prepared). */
  async function loadLanguage() {
    languageId = (await backend().languages.list())[0]!.id;
  }

  return { newCustomer, item, draftOf100, loadLanguage };
}

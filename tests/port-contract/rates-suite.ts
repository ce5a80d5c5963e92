// The port's contract for rate cards (issue 26, build item 1): RateStore — a line is added for everyone, one language,
// a customer found by e-mail (refused when there is none) or one interpreter, and listed a page at a time, one side at
// a time, the latest effective date first; a line never changes and goes with its customer, interpreter or language.
// Called from d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { RATES_PAGE_SIZE } from "~/backend/port-rates.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { sampleRateLine } from "../support/rate-line-samples";
import { everyPage, unique, type ContractTarget } from "./target";

const NOW = Date.UTC(2026, 11, 8, 17);
const ADMIN = "rates-contract-admin";

const line = sampleRateLine;

export function describeRatesContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const rates = () => backend().rates;
  let languageId = 0;

  /** A customer, as a booking makes one (found or created by its lower-cased e-mail). */
  async function newCustomer(): Promise<string> {
    const email = `${unique("rates")}@example.com`;
    const startsAt = NOW + 30 * 24 * 3_600_000;
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      NOW,
    );
    if (!made.ok) throw new Error(made.reason);
    return email;
  }

  const listed = async (side: "bill" | "pay") => everyPage((page) => rates().list(side, page));

  describe(`rate cards — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("a list price is stored as given and listed with who added it and when", async () => {
      const added = await rates().add(line({ priceMinor: 6501 }), ADMIN, NOW);
      if (!added.ok) throw new Error(added.reason);
      const found = (await listed("bill")).find((item) => item.id === added.id);
      expect(found).toEqual({
        id: added.id,
        side: "bill",
        service: "onsite",
        unit: "hour",
        languageId: null,
        customerId: null,
        interpreterId: null,
        currency: "USD",
        priceMinor: 6501,
        minimum: 120,
        increment: 15,
        surcharges: { rush: 2000, afterHours: 1500, weekend: 2500, holiday: 5000 },
        lateCancellationMinor: 13000,
        effectiveFrom: "2026-12-08",
        customerEmail: null,
        interpreterName: null,
        createdAt: NOW,
        createdBy: ADMIN,
      });
    });

    it("a customer's contract price finds the customer by e-mail; an e-mail nobody has is refused and stores nothing", async () => {
      const email = await newCustomer();
      const added = await rates().add(line({ customerEmail: email, languageId, currency: "KWD", priceMinor: 12345 }), ADMIN, NOW);
      if (!added.ok) throw new Error(added.reason);
      const found = (await listed("bill")).find((item) => item.id === added.id)!;
      expect(found).toMatchObject({ customerEmail: email, languageId, currency: "KWD", priceMinor: 12345 });
      expect(found.customerId).toEqual(expect.any(Number));

      const before = (await rates().list("bill", 1)).total;
      expect(await rates().add(line({ customerEmail: `${unique("nobody")}@example.com` }), ADMIN, NOW)).toEqual({ ok: false, reason: "unknown-customer" });
      expect((await rates().list("bill", 1)).total).toBe(before);
    });

    it("pay lines are listed apart, with the interpreter's name; an e-mail nobody signs in with is refused; they go when the interpreter is deleted", async () => {
      const person = await newInterpreter();
      expect(await rates().add(line({ side: "pay", interpreterEmail: `${unique("nobody")}@example.com` }), ADMIN, NOW)).toEqual({
        ok: false,
        reason: "unknown-interpreter",
      });
      const own = await rates().add(
        line({ side: "pay", interpreterEmail: person.email.toUpperCase(), priceMinor: 4500, surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 } }),
        ADMIN,
        NOW,
      );
      const standard = await rates().add(line({ side: "pay", priceMinor: 4000 }), ADMIN, NOW);
      if (!own.ok || !standard.ok) throw new Error("not added");
      const pay = await listed("pay");
      expect(pay.find((item) => item.id === own.id)).toMatchObject({
        side: "pay",
        interpreterId: person.id,
        interpreterName: expect.stringContaining("Contract Person"),
      });
      expect(pay.find((item) => item.id === standard.id)).toMatchObject({ interpreterId: null, interpreterName: null });
      expect((await listed("bill")).some((item) => item.id === own.id)).toBe(false);

      expect((await backend().interpreters.remove(person.id)).ok).toBe(true);
      const after = await listed("pay");
      expect(after.some((item) => item.id === own.id)).toBe(false);
      expect(after.some((item) => item.id === standard.id)).toBe(true);
    });

    it("pages of RATES_PAGE_SIZE, the latest effective date first, then the newest line", async () => {
      const days = ["2027-03-01", "2027-05-01", "2027-04-01"];
      const ids: number[] = [];
      for (const day of days) {
        const added = await rates().add(line({ service: "call", unit: "minute", priceMinor: 150, minimum: 1, increment: 1, effectiveFrom: day }), ADMIN, NOW);
        if (added.ok) ids.push(added.id);
      }
      const sameDay = await rates().add(
        line({ service: "call", unit: "minute", priceMinor: 160, minimum: 1, increment: 1, effectiveFrom: "2027-05-01" }),
        ADMIN,
        NOW,
      );
      if (!sameDay.ok) throw new Error("not added");
      const order = (await listed("bill")).map((item) => item.id).filter((id) => [...ids, sameDay.id].includes(id));
      expect(order).toEqual([sameDay.id, ids[1], ids[2], ids[0]]);

      const first = await rates().list("bill", 1);
      expect(first.items.length).toBeLessThanOrEqual(RATES_PAGE_SIZE);
      expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / RATES_PAGE_SIZE)));
    });
  });
}

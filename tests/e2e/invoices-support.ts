// What invoices.spec.ts arranges in the data (issue 26): an on-site appointment that took place, its record approved,
// for a customer of the test's own, and that customer's contract price from before it (the Rates page's form takes
// prices from today on only, so a price for past work is arranged too). The server reads the real clock and an appointment is booked hours ahead, so,
// as appointment-time.ts does, the work is arranged in the server's own D1 (opened beside the running server): through
// the D1 adapter itself, booked, offered, accepted and approved as of a day in the past, as the screens would have.
import { createD1Backend } from "../../app/backend/d1/index.server";
import { blockedBy } from "../../app/domain/appointment-times";
import { PORT } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { sampleRateLine } from "../support/rate-line-samples";
import { expect } from "./fixtures";

const HOUR = 3_600_000;

/** Repeats a step the server met with a write of its own (SQLITE_BUSY): each step here is refused whole or done whole. */
async function retried<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt === 5 || !/SQLITE_BUSY|internal error/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Books a 2-hour on-site Spanish appointment for `customer` at `startsAt` (a past instant), has the sample interpreter
 * accept it, and approves a record of 2 h 10 min held; prices the customer's on-site hours at $65.00 (2 h minimum,
 * 15-minute increments, no surcharges) from 1 January 2026: what "Bill work" bills as one item of $146.25. Through the
 * D1 adapter on the server's own state, so the spec runs in the d1 project only (playwright.config.ts).
 */
export async function heldAndApproved(customer: { name: string; email: string }, startsAt: number): Promise<void> {
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  try {
    const backend = createD1Backend({ env: proxy.env as unknown as Env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
    const db = proxy.env.DB;
    const spanish = await retried(() => db.prepare("SELECT id FROM languages WHERE name = 'Spanish'").first<{ id: number }>());
    const interpreter = await retried(() => db.prepare("SELECT id FROM users WHERE email = 'interpreter@example.com'").first<{ id: string }>());
    const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode: "on_site" });
    const made = await retried(() =>
      backend.appointments.request(
        {
          contact: { name: customer.name, email: customer.email, phone: "+1 303 555 0100", organisation: customer.name },
          ...{ languageId: spanish!.id, mode: "on_site", setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
          ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
          ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "e"), tokenSealed: "sealed" },
        },
        startsAt - 14 * 24 * HOUR,
      ),
    );
    if (!made.ok) throw new Error(`not booked: ${made.reason}`);
    await retried(() => backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter!.id], expiresAt: startsAt }, startsAt - 48 * HOUR));
    const [offer] = await retried(() => backend.offers.forAppointment(made.id));
    expect(await retried(() => backend.offers.accept(offer!.id, interpreter!.id, startsAt - 47 * HOUR))).toMatchObject({ ok: true });
    const entry = { actualStart: startsAt + 5 * 60_000, actualEnd: startsAt + 135 * 60_000, travelMinutes: 30, noShow: null };
    expect(await retried(() => backend.records.approve(made.id, { basedOn: 3, entry, by: "admin" }, startsAt + 4 * HOUR))).toMatchObject({ ok: true });
    const admin = await retried(() => db.prepare("SELECT id FROM users WHERE email = 'admin@example.com'").first<{ id: string }>());
    const line = sampleRateLine({
      customerEmail: customer.email,
      surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 },
      effectiveFrom: "2026-01-01",
    });
    expect(await retried(() => backend.rates.add(line, admin!.id, startsAt - 30 * 24 * HOUR))).toMatchObject({ ok: true });
  } finally {
    await proxy.dispose();
  }
}

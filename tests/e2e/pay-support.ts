// What pay.spec.ts arranges in the data (issue 26, build item 6): an interpreter of the test's own, an on-site
// appointment they held in the past (2 h 10 min, its record approved), and their own pay rate from before it ($40.00 an
// hour, 2 h minimum, 15-minute increments, no surcharges): what "Bill work" pays as one line of $90.00. As
// invoices-support.ts does, on the data of the server the test's project runs against (d1 or the Supabase double).
import { blockedBy } from "../../app/domain/appointment-times";
import { sampleRateLine } from "../support/rate-line-samples";
import { expect } from "./fixtures";
import { retried, serversBackend } from "./invoices-support";

const HOUR = 3_600_000;

/** The interpreter made (their e-mail and password), with their work and pay rate arranged. */
export async function interpreterWithHeldWork(id: string, startsAt: number): Promise<{ email: string; password: string; name: string }> {
  const { backend, dispose } = await serversBackend();
  try {
    const person = { fullName: `Sami Haddad ${id}`, gender: "Man", email: `sami.${id}@example.com`, phone: "+1 307 555 0170", password: "sami-secret-1" };
    const made = await retried(() => backend.interpreters.create(person));
    if (!made.ok) throw new Error(`no interpreter: ${made.reason}`);
    const spanish = (await retried(() => backend.languages.list())).find((language) => language.name === "Spanish");
    if (!spanish) throw new Error("no language Spanish");
    const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode: "on_site" });
    const booked = await retried(() =>
      backend.appointments.request(
        {
          contact: { name: `Clinic ${id}`, email: `clinic.pay.${id}@example.com`, phone: "+1 303 555 0100", organisation: "" },
          ...{ languageId: spanish.id, mode: "on_site", setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
          ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
          ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "f"), tokenSealed: "sealed" },
        },
        startsAt - 14 * 24 * HOUR,
      ),
    );
    if (!booked.ok) throw new Error(`not booked: ${booked.reason}`);
    await retried(() => backend.offers.offer(booked.id, { basedOn: 1, interpreterIds: [made.id], expiresAt: startsAt }, startsAt - 48 * HOUR));
    const [offer] = await retried(() => backend.offers.forAppointment(booked.id));
    expect(await retried(() => backend.offers.accept(offer!.id, made.id, startsAt - 47 * HOUR))).toMatchObject({ ok: true });
    const entry = { actualStart: startsAt + 5 * 60_000, actualEnd: startsAt + 135 * 60_000, travelMinutes: 0, noShow: null };
    expect(await retried(() => backend.records.approve(booked.id, { basedOn: 3, entry, by: "admin" }, startsAt + 4 * HOUR))).toMatchObject({ ok: true });
    const line = sampleRateLine({
      side: "pay",
      interpreterEmail: person.email,
      priceMinor: 4000,
      surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 },
      effectiveFrom: "2026-01-01",
    });
    const { items } = await retried(() => backend.accounts.list({ search: "admin@example.com", page: 1 }));
    expect(await retried(() => backend.rates.add(line, items.find((each) => each.email === "admin@example.com")!.id, startsAt - 30 * 24 * HOUR))).toMatchObject(
      {
        ok: true,
      },
    );
    return { email: person.email, password: person.password, name: person.fullName };
  } finally {
    await dispose();
  }
}

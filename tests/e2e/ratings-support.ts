// What ratings.spec.ts arranges in the data (issue 27, build item 4): a requester of "Clinic A" (an account with a
// customer_people row and their customers row joined to the organisation: no invitation flow yet), an interpreter of
// the test's own, and a video appointment of the requester's that the interpreter held in the past. As pay-support.ts
// does, on the data of the server the test's project runs against: on D1 written beside the server (its SQLite files),
// on Supabase through the double's people fixture.
import { hashPassword } from "../../app/backend/d1/password.server";
import { SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { PORT } from "../../playwright.config";
import { expect, serverOf } from "./fixtures";
import { retried, serversBackend } from "./invoices-support";

const HOUR = 3_600_000;
export const REQUESTER_PASSWORD = "Requester-Pass-1";

/** A requester of `organisation` with this e-mail, on the server's data. */
async function addRequester(organisation: string, email: string, name: string) {
  if (serverOf() === "supabase") {
    const response = await fetch(`${SUPABASE_DOUBLE_URL}/__double/people`, {
      method: "POST",
      body: JSON.stringify([{ full_name: name, email, password: REQUESTER_PASSWORD, requesterOf: { organisation } }]),
    });
    expect(response.status, "the double's people fixture").toBe(201);
    return;
  }
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  try {
    const db = (proxy.env as unknown as { DB: D1Database }).DB;
    const now = Date.now();
    await retried(() => db.prepare("INSERT INTO organisations (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING").bind(organisation, now).run());
    const { id } = (await retried(() => db.prepare("SELECT id FROM organisations WHERE name = ?").bind(organisation).first<{ id: number }>()))!;
    const accountId = crypto.randomUUID();
    const hash = await hashPassword(REQUESTER_PASSWORD);
    await retried(() =>
      db.batch([
        db.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, ?)").bind(accountId, email, hash),
        db.prepare("INSERT INTO customer_people (account_id, organisation_id, full_name, created_at) VALUES (?, ?, ?, ?)").bind(accountId, id, name, now),
        db
          .prepare(
            "INSERT INTO customers (name, email, created_at, organisation_id) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO UPDATE SET organisation_id = excluded.organisation_id",
          )
          .bind(name, email, now, id),
      ]),
    );
  } finally {
    await proxy.dispose();
  }
}

/** The requester (e-mail) of `organisation`, the interpreter (id, name) and the held appointment's id, made for test `id`. */
export async function requesterWithHeldAppointment(id: string, organisation = "Clinic A") {
  const email = `rana.${id}@${organisation.toLowerCase().replace(/\W+/g, "-")}.example`;
  await addRequester(organisation, email, `Rana ${id}`);
  const { backend, dispose } = await serversBackend();
  try {
    const person = { fullName: `Noor Saleh ${id}`, gender: "Woman", email: `noor.${id}@example.com`, phone: "+1 307 555 0171", password: "noor-secret-1" };
    const made = await retried(() => backend.interpreters.create(person));
    if (!made.ok) throw new Error(`no interpreter: ${made.reason}`);
    const spanish = (await retried(() => backend.languages.list())).find((language) => language.name === "Spanish")!;
    const startsAt = Math.floor(Date.now() / HOUR) * HOUR - 3 * 24 * HOUR;
    const booked = await retried(() =>
      backend.appointments.request(
        {
          contact: { name: `Rana ${id}`, email, phone: "+1 303 555 0100", organisation },
          ...{ languageId: spanish.id, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: startsAt, blockedTo: startsAt + HOUR },
          ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
          ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "f"), tokenSealed: "sealed" },
        },
        startsAt - 14 * 24 * HOUR,
      ),
    );
    if (!booked.ok) throw new Error(`not booked: ${booked.reason}`);
    await retried(() => backend.offers.offer(booked.id, { basedOn: 1, interpreterIds: [made.id], expiresAt: startsAt }, startsAt - 48 * HOUR));
    const [offer] = await retried(() => backend.offers.forAppointment(booked.id));
    expect(await retried(() => backend.offers.accept(offer!.id, made.id, startsAt - 47 * HOUR))).toMatchObject({ ok: true });
    return { email, interpreter: { id: made.id, name: person.fullName, email: person.email, password: person.password }, appointmentId: booked.id };
  } finally {
    await dispose();
  }
}

// What ratings.spec.ts arranges in the data (issue 27, build item 4): a requester of "Clinic A" (an account with a
// customer_people row and their customers row joined to the organisation: no invitation flow yet), an interpreter of
// the test's own, and a video appointment of the requester's that the interpreter held in the past. As pay-support.ts
// does, on the data of the server the test's project runs against (the requester by requester-support.ts).
import { REQUESTER_PASSWORD } from "../fixtures/requesters";
import { expect } from "./fixtures";
import { retried, serversBackend } from "./invoices-support";
import { ensureRequester } from "./requester-support";

const HOUR = 3_600_000;
export { REQUESTER_PASSWORD };

/** The requester (e-mail) of `organisation`, the interpreter (id, name) and the held appointment's id, made for test `id`. */
export async function requesterWithHeldAppointment(id: string, organisation = "Clinic A") {
  const email = `rana.${id}@${organisation.toLowerCase().replace(/\W+/g, "-")}.example`;
  await ensureRequester({ organisation, email, name: `Rana ${id}` });
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

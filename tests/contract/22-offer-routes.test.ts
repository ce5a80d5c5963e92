// Offers of a booked appointment on the Supabase adapter (issue 25): staff offer it on its page, interpreters answer
// under My jobs — whole routes, with the exact requests they make of Supabase. An offer reads who can take it again
// (the candidates in one call), each chosen person's e-mail, then stores the offers with their e-mails in one call; an
// accept or a decline reads the offer, then is one call; My jobs reads the orders, the offers and the appointments ahead.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as jobsPage from "~/routes/dashboard/jobs";
import { ADMIN, backendFor, double, languageIdOf, pathOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, routeArgs } from "./route-helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const PASSWORD = "Offer-Routes-Pass-1";
const people: Record<"ana" | "bo" | "cy", { id: string; email: string; cookie: string }> = {} as never;
let admin = "";
let spanish = 0;
let tokens = 0;

/** A legal appointment by video in Spanish on 9 September 2031 at `hour` UTC (16: 10:00 in Cheyenne), an hour long, requested. */
async function book(hour = 16) {
  const startsAt = Date.UTC(2031, 8, 9, hour);
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const booked = await backendFor().appointments.request(
    {
      contact: { name: "Ruth Reyes", email: "ruth.reyes@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "video", setting: "legal", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{
        address: "",
        callNumber: "",
        notes: "",
        genderPreference: null,
        locale: "en",
        tokenHash: (tokens++).toString(16).padStart(64, "e"),
        tokenSealed: "sealed",
      },
    },
    Date.now(),
  );
  if (!booked.ok) throw new Error(booked.reason);
  return booked.id;
}

type OfferRow = { id: number; appointment_id: number; interpreter_id: string; status: string };
const offersOf = async (appointmentId: number) =>
  (await double.table<OfferRow>("appointment_offers"))
    .filter((row) => row.appointment_id === appointmentId)
    .map(({ interpreter_id, status }) => [interpreter_id, status])
    .sort();
const mailsOf = async (appointmentId: number) =>
  (await double.table<{ appointment_id: number | null; kind: string; to_email: string }>("mail_outbox"))
    .filter((mail) => mail.appointment_id === appointmentId)
    .map((mail) => [mail.kind, mail.to_email])
    .sort();
const appointmentRow = async (appointmentId: number) =>
  (await double.table<{ id: number; status: string; interpreter_id: string | null; version: number }>("appointments")).find((row) => row.id === appointmentId)!;

/** The relay right after the response: the appointment's due e-mails, each left waiting (no mail provider is configured here). */
const relay = (waiting: number) => [
  "rest.mail_outbox.settle-abandoned service",
  "rest.mail_outbox.for-appointment service",
  ...Array<string>(waiting).fill("rest.mail_outbox.mark-waiting service"),
];

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  spanish = await languageIdOf("Spanish");
  // Ana and Bo can take a legal appointment in Spanish (court certified, working every day round the clock); Cy
  // speaks Spanish and works then, but holds no credential.
  const keys = ["ana", "bo", "cy"] as const;
  const made = await double.people(
    keys.map((key) => ({
      full_name: `${key[0]!.toUpperCase()}${key.slice(1)} Offer`,
      email: `${key}.offer@example.com`,
      password: PASSWORD,
      languages: ["Spanish"],
    })),
  );
  for (const [index, key] of keys.entries()) {
    const { id } = made[index]!;
    const email = `${key}.offer@example.com`;
    await backendFor().availability.setHours(
      id,
      ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 })),
    );
    if (key !== "cy") await backendFor().availability.addCredential(id, { name: "Court certified", expiresOn: null });
    people[key] = { id, email, cookie: (await signIn(email, PASSWORD)).cookie };
  }
});

describe("staff offer an appointment, on Supabase", () => {
  const post = (appointmentId: number, fields: Record<string, string | string[]>) =>
    acted(appointmentPage.action, routeArgs(`/Dashboard/Appointments/${appointmentId}`, admin, form(fields), { appointmentId: String(appointmentId) }));

  it("the appointment, who can take it again (the candidates in one call), each one's e-mail, then one call with the offers and their e-mails", async () => {
    const id = await book();
    const offered = await post(id, { intent: "offer", basedOn: "1", interpreter: [people.ana.id, people.bo.id, people.ana.id] });
    expect(answerOf(offered.result)).toEqual({ status: 302, location: `/Dashboard/Appointments/${id}#offers` });
    expect(who(offered.requests)).toEqual([
      ...GUARD,
      "rpc.push_get_appointment service",
      "rpc.push_availability_candidates service",
      // Each person ticked (once, however often the post names them): their sign-in e-mail.
      "auth.admin.get-user service",
      "auth.admin.get-user service",
      "rpc.push_offer_appointment service",
      ...relay(2),
    ]);
    expect(
      offered.requests
        .filter((request) => request.shape === "auth.admin.get-user")
        .map(pathOf)
        .sort(),
    ).toEqual([people.ana.id, people.bo.id].map((person) => `/auth/v1/admin/users/${person}`).sort());
    expect(await offersOf(id)).toEqual(
      [
        [people.ana.id, "open"],
        [people.bo.id, "open"],
      ].sort(),
    );
    expect(await appointmentRow(id)).toMatchObject({ status: "offered", version: 2, interpreter_id: null });
    expect(await mailsOf(id)).toEqual([
      ["appointment-offer", people.ana.email],
      ["appointment-offer", people.bo.email],
    ]);
  });

  it("refused before anything is stored: nobody ticked and a stale page after the appointment's read; someone who cannot take it after the candidates'", async () => {
    const id = await book(18);
    const nobody = await post(id, { intent: "offer", basedOn: "1" });
    expect(answerOf(nobody.result)).toEqual({ status: 400, formError: null, errors: { interpreter: "Tick at least one interpreter." } });
    expect(who(nobody.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);

    const stale = await post(id, { intent: "offer", basedOn: "2", interpreter: [people.ana.id] });
    expect(answerOf(stale.result)).toMatchObject({ status: 409, formError: "The appointment changed in the meantime. Here it is as it is now." });
    expect(who(stale.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);

    const cannot = await post(id, { intent: "offer", basedOn: "1", interpreter: [people.ana.id, people.cy.id] });
    expect(answerOf(cannot.result)).toMatchObject({ status: 409, formError: "Cy Offer can no longer take it. Here is who can, as it stands now." });
    expect(who(cannot.requests)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_availability_candidates service"]);

    expect(await offersOf(id)).toEqual([]);
    expect(await appointmentRow(id)).toMatchObject({ status: "requested", version: 1 });
    expect(await mailsOf(id)).toEqual([]);
  });
});

describe("interpreters answer under My jobs, on Supabase", () => {
  let id = 0;
  const offerOf: Record<string, number> = {};
  const jobs = (who: { cookie: string }) => step(() => jobsPage.loader(routeArgs("/Dashboard/Jobs", who.cookie).args));
  const answer = (who: { cookie: string }, intent: "accept-offer" | "decline-offer", offer: string) =>
    acted(jobsPage.action, routeArgs("/Dashboard/Jobs", who.cookie, form({ intent, offer })));

  beforeAll(async () => {
    id = await book(20);
    const offered = await backendFor().offers.offer(
      id,
      { basedOn: 1, interpreterIds: [people.ana.id, people.bo.id], expiresAt: Date.now() + 3_600_000 },
      Date.now(),
    );
    if (!offered.ok) throw new Error(offered.reason);
    for (const offer of await backendFor().offers.forAppointment(id)) offerOf[offer.interpreter.id] = offer.id;
  });

  it("the page: the guard, then the orders assigned, the offers, the confirmed appointments ahead, those to record and the interpreter's own rating at once; never the customer's details", async () => {
    const shown = await jobs(people.ana);
    expect(who(shown.requests).slice(0, 3)).toEqual(GUARD);
    // Nothing has started yet: the list of those to record is read, and no records for none.
    expect(who(shown.requests).slice(3).sort()).toEqual(
      [
        "rest.orders.jobs service",
        "rpc.push_interpreter_offers service",
        "rpc.push_list_appointments service",
        "rpc.push_list_appointments service",
        // Their own average and count (issue 27), never who rated.
        "rpc.push_own_rating service",
      ].sort(),
    );
    const data = shown.result as unknown as { offers: { value: { id: number; status: string; appointment: { id: number } }[] } };
    expect(data.offers.value.map((offer) => [offer.id, offer.status, offer.appointment.id])).toContainEqual([offerOf[people.ana.id], "open", id]);
    expect(JSON.stringify(shown.result)).not.toMatch(/ruth\.reyes@example\.com|Ruth Reyes|sealed/);
  });

  it("the first accept: the offer, then one call; the other's is refused with 409 after the same two, storing nothing", async () => {
    const won = await answer(people.ana, "accept-offer", String(offerOf[people.ana.id]));
    expect(answerOf(won.result)).toEqual({ status: 302, location: "/Dashboard/Jobs#your-appointments" });
    // The relay: the two confirmations, the customer's and Ana's (the offers here were stored without e-mails).
    expect(who(won.requests)).toEqual([...GUARD, "rpc.push_get_offer service", "rpc.push_accept_offer service", ...relay(2)]);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", interpreter_id: people.ana.id, version: 3 });
    const confirmed = await mailsOf(id);
    expect(confirmed).toEqual([
      ["appointment-confirmed", "ruth.reyes@example.com"],
      ["appointment-confirmed-interpreter", people.ana.email],
    ]);

    const lost = await answer(people.bo, "accept-offer", String(offerOf[people.bo.id]));
    expect(answerOf(lost.result)).toMatchObject({ status: 409, formError: "Someone else took this appointment." });
    expect(who(lost.requests)).toEqual([...GUARD, "rpc.push_get_offer service", "rpc.push_accept_offer service"]);
    expect(await offersOf(id)).toEqual(
      [
        [people.ana.id, "accepted"],
        [people.bo.id, "taken"],
      ].sort(),
    );
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", interpreter_id: people.ana.id, version: 3 });
    expect(await mailsOf(id)).toEqual(confirmed);

    // Bo's My jobs says it was taken; Ana's lists it ahead.
    const bo = (await jobs(people.bo)).result as unknown as { offers: { value: { id: number; status: string }[] } };
    expect(bo.offers.value.find((offer) => offer.id === offerOf[people.bo.id])?.status).toBe("taken");
    const ana = (await jobs(people.ana)).result as unknown as { appointments: { value: { id: number }[] } };
    expect(ana.appointments.value.map((item) => item.id)).toContain(id);
  });

  it("a decline: the offer, then one call; answered twice is refused with 409; another's offer or an unreadable id is 404", async () => {
    const other = await book(22);
    const offered = await backendFor().offers.offer(
      other,
      { basedOn: 1, interpreterIds: [people.ana.id, people.bo.id], expiresAt: Date.now() + 3_600_000 },
      Date.now(),
    );
    if (!offered.ok) throw new Error(offered.reason);
    const ids = Object.fromEntries((await backendFor().offers.forAppointment(other)).map((offer) => [offer.interpreter.id, offer.id]));

    const declined = await answer(people.bo, "decline-offer", String(ids[people.bo.id]));
    expect(answerOf(declined.result)).toEqual({ status: 302, location: "/Dashboard/Jobs#offers" });
    expect(who(declined.requests)).toEqual([...GUARD, "rpc.push_get_offer service", "rpc.push_decline_offer service"]);
    expect(await offersOf(other)).toEqual(
      [
        [people.ana.id, "open"],
        [people.bo.id, "declined"],
      ].sort(),
    );
    expect(await appointmentRow(other)).toMatchObject({ status: "offered", version: 2 });

    const again = await answer(people.bo, "decline-offer", String(ids[people.bo.id]));
    expect(answerOf(again.result)).toMatchObject({ status: 409, formError: "You have already answered this offer." });
    expect(who(again.requests)).toEqual([...GUARD, "rpc.push_get_offer service", "rpc.push_decline_offer service"]);

    // Ana names Bo's offer: not hers, so nothing more is asked.
    for (const intent of ["accept-offer", "decline-offer"] as const) {
      const notHers = await answer(people.ana, intent, String(ids[people.bo.id]));
      expect(answerOf(notHers.result)).toMatchObject({ status: 404, formError: "This offer is not yours or no longer exists." });
      expect(who(notHers.requests)).toEqual([...GUARD, "rpc.push_get_offer service"]);
      const unreadable = await answer(people.ana, intent, "not-an-offer");
      expect(answerOf(unreadable.result)).toMatchObject({ status: 404 });
      expect(who(unreadable.requests)).toEqual(GUARD);
    }
    expect(await offersOf(other)).toEqual(
      [
        [people.ana.id, "open"],
        [people.bo.id, "declined"],
      ].sort(),
    );
  });
});

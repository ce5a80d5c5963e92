// Booking an interpreter through /Book and the customer's page /Book/<token> (issue 25), against a real D1 inside
// workerd: a booking is stored with its e-mails, every refusal stores nothing, and the customer's cancellation is a
// compare-and-set that says when it is late.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as book from "~/routes/public/book";
import * as bookStatus from "~/routes/public/book-status";
import { withAppointmentLink, APPOINTMENT_TOKEN_SLOT } from "~/features/appointments/appointment-mail.server";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import { relayDueMails } from "~/features/orders/order-mail-relay.server";
import { outboxLinks } from "~/features/appointments/appointment-mail-relay.server";
import { envWith, recorded, setMode } from "./contact-helpers";
import { asResponse, backendFor, count, failure, languageId, rows, seed, statusOf, thrown, unwrap } from "./helpers";
import { dayFromNow, nextChange } from "./clock-changes";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { get, post } = browser({ addresses: addressesIn(101), headers: { Origin: ORIGIN } });
const HOUR = 3_600_000;

/** The first Tuesday at least a day ahead. */
function nextTuesday(): string {
  for (let days = 2; ; days++) if (new Date(`${dayFromNow(days)}T12:00:00Z`).getUTCDay() === 2) return dayFromNow(days);
}
let valid: Record<string, string> = {};

async function postBooking(fields: Record<string, string>, testEnv: Env = env) {
  const call = post("/Book", { ...valid, ...fields }, undefined, { env: testEnv });
  return settled(book.action(call), call);
}

/** A booking that went through: its id and the token its redirect names. */
async function booked(fields: Record<string, string> = {}, testEnv: Env = env) {
  const response = asResponse(await postBooking(fields, testEnv));
  expect(response.status).toBe(302);
  const token = /\/Book\/([A-Za-z0-9_-]{43})\?received=1$/.exec(response.headers.get("Location")!)![1]!;
  const id = (await env.DB.prepare("SELECT id FROM appointments ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;
  return { token, id };
}

const statusPage = async (token: string) => unwrap(await bookStatus.loader(get(`/Book/${token}`, undefined, { params: { token } }) as never)).data;

beforeAll(async () => {
  await seed();
  valid = {
    language: String(await languageId("Spanish")),
    mode: "on_site",
    setting: "medical",
    date: nextTuesday(),
    time: "10:00",
    duration: "120",
    address: "1 Clinic Way, Cheyenne",
    callNumber: "",
    name: "Ana Ruiz",
    email: "Ana@Example.com",
    phone: "+1 307 555 0100",
    organisation: "Cheyenne Clinic",
    notes: "Follow-up visit",
    gender: "",
    consent: "on",
  };
});

describe("/Book", () => {
  it("stores a 2-hour on-site Spanish medical appointment for next Tuesday at 10:00, with its e-mails, and gives the link", async () => {
    const { token, id } = await booked();
    const stored = await backendFor().appointments.get(id);
    const start = instantOf({ date: valid.date!, time: "10:00" }, COMPANY_TIME_ZONE);
    expect(start.kind).toBe("exact");
    expect(stored).toMatchObject({
      status: "requested",
      language: "Spanish",
      mode: "on_site",
      setting: "medical",
      minutes: 120,
      address: "1 Clinic Way, Cheyenne",
    });
    expect(stored!.startsAt).toBe((start as { instant: number }).instant);
    expect(stored!.contact.email).toBe("ana@example.com");
    // The customer's mail holds the link's slot, never the token; the relay fills it in as the mail leaves.
    const mails = await backendFor().mail.forAppointment(id);
    const customer = mails.find((mail) => mail.kind === "appointment-received")!;
    expect(customer.to).toBe("ana@example.com");
    expect(customer.body).toContain(APPOINTMENT_TOKEN_SLOT);
    expect(customer.body).not.toContain(token);
    expect(await withAppointmentLink(customer, backendFor().appointments, env.SESSION_SECRET)).toContain(`${ORIGIN}/Book/${token}`);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["appointment-new-for-staff", "appointment-received"]);
    // The page behind the link.
    const page = await statusPage(token);
    expect(page.appointment).toMatchObject({ status: "requested", language: "Spanish", minutes: 120, email: "ana@example.com", interpreter: "" });
    expect(page.canCancel).toBe(true);
  });

  const cases: [string, () => Record<string, string>, Record<string, string>][] = [
    ["a start in the past", () => ({ date: dayFromNow(-1) }), { date: "That time has passed. Please choose a time in the future." }],
    [
      "a start under the lead time",
      () => wallClockOf(Date.now() + HOUR, COMPANY_TIME_ZONE),
      { date: "We need at least 2 hours to arrange an interpreter. Please choose a later time, or call us." },
    ],
    ["a start more than 365 days ahead", () => ({ date: dayFromNow(367) }), { date: "We book up to a year ahead. Please choose an earlier date." }],
    ["an unknown language", () => ({ language: "99999" }), { language: "That language is not offered for booking any more. Please choose another." }],
    ["an unknown setting", () => ({ setting: "party" }), { setting: "Please choose a setting." }],
    ["a duration off the 15-minute steps", () => ({ duration: "50" }), { duration: "Please choose a duration from 30 minutes to 8 hours." }],
    ["on site without an address", () => ({ address: " " }), { address: "Please enter the address where the interpreter should come." }],
    ["by phone without a number", () => ({ mode: "phone" }), { callNumber: "Please enter the phone number the interpreter should call (7 to 15 digits)." }],
    [
      "a time the clocks skip",
      () => ({ date: nextChange("spring"), time: "02:30" }),
      { time: "That time does not exist on that day: the clocks go forward. Please choose another time." },
    ],
    [
      "a time the clocks repeat, without saying which",
      () => ({ date: nextChange("autumn"), time: "01:30" }),
      { time: "That time happens twice on that day, as the clocks go back: please say which one you mean." },
    ],
    ["no consent", () => ({ consent: "" }), { consent: "Please agree to the privacy policy so that we can arrange your appointment." }],
  ];
  it.each(cases)("refuses %s with its field message, and stores nothing", async (_name, fields, errors) => {
    const before = { appointments: await rows("appointments"), mails: await rows("mail_outbox"), customers: await rows("customers") };
    const answer = await postBooking({ ...fields(), email: `x${crypto.randomUUID().slice(0, 6)}@example.com` });
    expect(statusOf(answer)).toBe(400);
    expect(failure(answer).errors).toMatchObject(errors);
    expect({ appointments: await rows("appointments"), mails: await rows("mail_outbox"), customers: await rows("customers") }).toEqual(before);
  });

  it("shows every problem at once", async () => {
    const answer = await postBooking({ name: "", email: "nope", date: dayFromNow(-1), address: "" });
    expect(Object.keys(failure(answer).errors).sort()).toEqual(["address", "date", "email", "name"]);
  });

  it("books the second 01:30 of the autumn-change night when the visitor says so: an hour after the first", async () => {
    const date = nextChange("autumn");
    const first = await booked({ date, time: "01:30", occurrence: "earlier", mode: "video", address: "" });
    const second = await booked({ date, time: "01:30", occurrence: "later", mode: "video", address: "" });
    const [a, b] = [await backendFor().appointments.get(first.id), await backendFor().appointments.get(second.id)];
    expect(b!.startsAt - a!.startsAt).toBe(HOUR);
    expect(a!.address).toBe("");
  });
});

describe("a booking's e-mails", () => {
  it("wait while the mail provider is down, then the cron sends each once, the customer's with the link filled in", async () => {
    const { env: mailEnv, config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
    await setMode(service, "500");
    const { token, id } = await booked({}, mailEnv);
    const waiting = await backendFor().mail.forAppointment(id);
    expect(waiting.map((mail) => [mail.kind, mail.status, mail.attempts]).sort()).toEqual([
      ["appointment-new-for-staff", "pending", 1],
      ["appointment-received", "pending", 1],
    ]);
    await setMode(service, "ok");
    const later = Date.now() + 60 * 60_000;
    const run = () => relayDueMails(backendFor(), config, { now: () => later, minIntervalMs: 0 }, outboxLinks(backendFor(), config.SESSION_SECRET));
    await run();
    await run();
    expect((await backendFor().mail.forAppointment(id)).map((mail) => mail.status)).toEqual(["sent", "sent"]);
    const sent = (await recorded(service)).filter((request) => request.mode === "ok" && request.fields.subject?.includes(`A-${String(id).padStart(6, "0")}`));
    expect(sent).toHaveLength(2);
    const toCustomer = sent.find((request) => request.fields.to_email === "ana@example.com")!;
    expect(toCustomer.fields.message).toContain(`${ORIGIN}/Book/${token}`);
    expect(toCustomer.fields.message).not.toContain(APPOINTMENT_TOKEN_SLOT);
    const toStaff = sent.find((request) => request.fields.to_email !== "ana@example.com")!;
    expect(toStaff.fields.message).toContain("Ana Ruiz <ana@example.com>");
    expect(toStaff.fields.message).not.toContain(token);
  });
});

describe("/Book/<token>", () => {
  it("lets the customer cancel once, refuses a stale page, and tells both sides", async () => {
    const { token, id } = await booked();
    const cancel = (basedOn: string) => {
      const call = post(`/Book/${token}`, { intent: "cancel", basedOn }, undefined, { params: { token } });
      return settled(bookStatus.action(call as never), call);
    };
    expect(statusOf(await cancel("2"))).toBe(409);
    expect(asResponse(await cancel("1")).status).toBe(302);
    expect(statusOf(await cancel("1"))).toBe(409);
    expect((await statusPage(token)).appointment.status).toBe("cancelled");
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE appointment_id = ? AND kind = 'appointment-cancelled'", id)).toBe(2);
  });

  it("says a cancellation under 24 hours before the start is late", async () => {
    const soon = Date.now() + 5 * HOUR;
    const { date, time } = wallClockOf(soon - (soon % (15 * 60_000)) + 15 * 60_000, COMPANY_TIME_ZONE);
    const { token } = await booked({ date, time });
    expect((await statusPage(token)).late).toBe(true);
  });

  it("answers 404 for a link that is not one", async () => {
    const token = "A".repeat(43);
    expect(statusOf(await thrown(() => bookStatus.loader(get(`/Book/${token}`, undefined, { params: { token } }) as never)))).toBe(404);
  });
});

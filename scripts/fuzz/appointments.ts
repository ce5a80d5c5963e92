// The run's booked appointments (issue 25), made before the fuzzing through the product's own form (/Book), so
// requests can name real private links (params.ts `{booking}`): three requested ones (the campaign's cancels move them
// on) and one the customer cancelled. Their tokens come from the booking's redirect; states and versions are read back
// from the server's own database.
//
// What they store is hostile, so the customer's page meets it from the first request on: markup with a marker in the
// address, which the page shows (checks.ts names the set-up as its source), and in the name, organisation and notes,
// which the e-mails carry.
//
// The first booking is also the appointments check's self-test: it must show as one more row in the counts, and
// the cancellation must show in the appointments digest without changing the count (it rewrites its row in place).
import { sha256Hex } from "./cookies";
import { CONTENT_SUFFIX, type Database } from "./db";
import type { Answer } from "./http";
import type { AppointmentFixture } from "./params";
import { dayFromToday } from "./payloads-orders";
import { postForm } from "./sessions";

export type AppointmentPools = { appointments: AppointmentFixture[]; markers: number[] };

/** The markers of the markup the set-up stores (orders.ts uses 900 001–900 007). */
const MARKER = 900_100;
const MARKUP = {
  address: `12 Main St <fz-${MARKER + 1}> Cheyenne`,
  name: `Rosa "><svg onload=fz${MARKER + 2}> Díaz`,
  organisation: `Clinic <fz-${MARKER + 3}>`,
  notes: `Second floor.</textarea><fz-${MARKER + 4}>`,
};

export async function appointmentSetUp(port: number, db: Database): Promise<AppointmentPools> {
  const [linked] = await db.rows<{ id: number }>(
    "select l.id from languages l where exists (select 1 from user_languages ul where ul.language_id = l.id) order by l.name = 'Spanish' desc, l.id limit 1",
  );
  if (!linked) fail("no language of the sample content is linked to an interpreter");

  const book = async (locale: "" | "/ar", fields: Record<string, string>) => {
    const answer: Answer = await postForm(port, `${locale}/Book`, {
      language: String(linked.id),
      setting: "medical",
      duration: "120",
      callNumber: "",
      email: "rosa.diaz@example.com",
      phone: "+1 307 555 0142",
      organisation: "",
      notes: "",
      gender: "",
      consent: "on",
      website: "",
      ...fields,
    });
    const location = answer.headers.location ?? "";
    const token =
      /\/Book\/([A-Za-z0-9_-]{43})\?received=1$/.exec(location)?.[1] ??
      fail(`a booking answered ${answer.error ?? answer.status} ${location || answer.body.toString("utf8").slice(0, 300)}`);
    const [row] = await db.rows<{ id: number }>("select id from appointments where token_hash = ?", sha256Hex(token));
    return { id: row?.id ?? fail("the booking is not in the database"), token };
  };

  // The self-test: a booking is one more appointment in the counts.
  const before = await db.counts();
  const first = await book("", { mode: "on_site", date: dayFromToday(7), time: "10:00", address: MARKUP.address, name: MARKUP.name });
  const after = await db.counts();
  if (after.appointments !== (before.appointments ?? 0) + 1)
    fail(`the checks do not see a booking (appointments ${before.appointments} → ${after.appointments})`);

  const second = await book("/ar", { mode: "video", date: dayFromToday(14), time: "15:30", address: "", name: "Rosa Díaz", organisation: MARKUP.organisation });
  const third = await book("", {
    mode: "phone",
    date: dayFromToday(21),
    time: "09:15",
    address: "",
    callNumber: "+1 307 555 0100",
    name: "Rosa Díaz",
    notes: MARKUP.notes,
  });
  const cancelled = await book("", { mode: "on_site", date: dayFromToday(30), time: "11:45", address: "1 Court Sq, Cheyenne", name: "Rosa Díaz" });

  // The cancellation must show in the digest, not in the count.
  const digestBefore = await db.counts();
  const cancel = await postForm(port, `/Book/${cancelled.token}`, { intent: "cancel", basedOn: "1" });
  if (cancel.status !== 302) fail(`cancelling a booking answered ${cancel.error ?? cancel.status}`);
  const digestAfter = await db.counts();
  if (
    digestAfter.appointments !== digestBefore.appointments ||
    digestAfter[`appointments${CONTENT_SUFFIX}`] === digestBefore[`appointments${CONTENT_SUFFIX}`]
  ) {
    fail("the appointments digest does not see a cancellation (unchanged, or the appointment count changed)");
  }

  // The e-mails each booking queued are relayed after the answers: let that finish before the campaign counts rows.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const tokens = new Map([first, second, third, cancelled].map((booking) => [booking.id, booking.token]));
  const rows = await db.rows<{ id: number; status: string; version: number }>("select id, status, version from appointments order by id");
  const appointments = rows.map((row): AppointmentFixture => ({
    id: row.id,
    status: row.status,
    version: row.version,
    token: tokens.get(row.id) ?? fail(`appointment ${row.id} was not booked by the set-up`),
  }));
  const states = appointments.map((appointment) => appointment.status).join(", ");
  if (states !== "requested, requested, requested, cancelled") fail(`the set-up's appointments ended up ${states}`);
  const markers = Object.values(MARKUP).map((value) => Number(/fz-?(\d+)/.exec(value)![1]));
  return { appointments, markers };
}

function fail(message: string): never {
  throw new Error(`the appointment set-up: ${message}`);
}

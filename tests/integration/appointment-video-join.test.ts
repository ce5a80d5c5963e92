// "Join" of a confirmed video appointment (issue 25) against a real D1 and the real call room, through the routes: the
// customer's private page and My jobs say when Join opens, show it from 10 minutes before the start until 15 minutes
// after the scheduled end, and then it is gone; the customer's Join posts their link and gets the room's cookie, the
// interpreter's Join opens the room their account is admitted to; the two meet on the room's socket. Anyone else —
// signed out, another interpreter, staff, another appointment's customer — gets 403 from the room's page and socket.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { joinStateAt } from "~/domain/appointment-join";
import { blockedBy } from "~/domain/appointment-times";
import type { AppointmentMode } from "~/domain/appointments";
import { appointmentRoomId } from "~/features/appointments/appointment-room.server";
import { newStatusToken } from "~/features/orders/status-token.server";
import * as bookStatus from "~/routes/public/book-status";
import * as callRoom from "~/routes/dashboard/call-room";
import * as jobsPage from "~/routes/dashboard/jobs";
import { handleCallSocket } from "../../workers/calls";
import { backendFor, cookieOf, failure, languageId, seed, statusOf, thrown, unwrap } from "./helpers";
import { addressesIn, browser, ORIGIN, settled } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";

const { get, post } = browser({ addresses: addressesIn(183), headers: { Origin: ORIGIN } });
const MINUTE = 60_000;
const PASSWORD = "Video-Join-Pass-1";
const cookies = { admin: "", other: "" };
let spanish = 0;
let people = 0;

type Person = { id: string; cookie: string };

/** An interpreter of the test's own, signed in (one per appointment: an interpreter's confirmed appointments never overlap). */
async function newInterpreter(): Promise<Person> {
  const email = `video.join.${++people}@example.com`;
  const made = await backendFor().interpreters.create({ fullName: `Ivo Video ${people}`, gender: "", email, phone: "", password: PASSWORD });
  if (!made.ok) throw new Error(made.reason);
  return { id: made.id, cookie: await cookieOf(email, PASSWORD) };
}

/**
 * An appointment confirmed to an interpreter of its own (or `interpreter`), by video unless `mode` says otherwise: its
 * id, its private token and its interpreter.
 */
async function confirmed(
  startsAt: number,
  {
    minutes = 60,
    mode = "video",
    status = "confirmed",
    interpreter = null,
  }: { minutes?: number; mode?: AppointmentMode; status?: string; interpreter?: Person | null } = {},
) {
  const person = interpreter ?? (await newInterpreter());
  const { token, hash } = await newStatusToken();
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Vera Video", email: "vera.video@example.com", phone: "+1 307 555 0111", organisation: "" },
      ...{ languageId: spanish, mode, setting: "medical" as const, startsAt, minutes, blockedFrom: from, blockedTo: to },
      ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: hash, tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  await env.DB.prepare("UPDATE appointments SET status = ?, interpreter_id = ? WHERE id = ?").bind(status, person.id, made.id).run();
  return { id: made.id, token, interpreter: person };
}

const statusPage = async (token: string) => unwrap(await bookStatus.loader(get(`/Book/${token}`, undefined, { params: { token } }) as never)).data;
const customerPost = async (token: string, fields: Record<string, string>) => {
  const args = post(`/Book/${token}`, fields, undefined, { params: { token } });
  return settled(bookStatus.action(args as never), args);
};
const jobsPost = (cookie: string, appointment: number | string) =>
  jobsPage.action(post("/Dashboard/Jobs", { intent: "join-appointment", appointment: String(appointment) }, cookie));
const roomPage = (roomId: string, cookie?: string) => callRoom.loader(get(`/call-room/${roomId}`, cookie, { params: { roomId } }));
const roomSocket = (roomId: string, cookie?: string) =>
  handleCallSocket(socketRequest(`/api/calls/room/${roomId}?tab=t-${crypto.randomUUID()}`, cookie ? { Cookie: cookie } : {}), env);
const roomOfId = (id: number) => appointmentRoomId(env.SESSION_SECRET, id);

/** The customer's Join: the room it sends them to and the cookie it gives them (name=value). */
async function customerJoins(token: string) {
  const answer = (await customerPost(token, { intent: "join" })) as Response;
  expect(answer.status).toBe(303);
  const lines = answer.headers.getSetCookie();
  return { location: answer.headers.get("Location")!, lines, cookie: lines[0]!.split(";")[0]! };
}

beforeAll(async () => {
  await seed();
  spanish = await languageId("Spanish");
  const other = await backendFor().interpreters.create({ fullName: "Otto Other", gender: "", email: "otto.other@example.com", phone: "", password: PASSWORD });
  if (!other.ok) throw new Error(other.reason);
  cookies.admin = await cookieOf("admin@example.com");
  cookies.other = await cookieOf("otto.other@example.com", PASSWORD);
});

describe("when Join shows", () => {
  it("the window's edges: open from exactly 10 minutes before the start, closed from exactly 15 minutes after the end", () => {
    const appointment = { mode: "video" as const, status: "confirmed" as const, startsAt: 100 * MINUTE, minutes: 45 };
    expect(joinStateAt(appointment, 90 * MINUTE - 1)).toBe("not-yet");
    expect(joinStateAt(appointment, 90 * MINUTE)).toBe("open");
    expect(joinStateAt(appointment, 160 * MINUTE - 1)).toBe("open");
    expect(joinStateAt(appointment, 160 * MINUTE)).toBe("over");
    expect(joinStateAt({ ...appointment, mode: "phone" }, 100 * MINUTE)).toBe("none");
    expect(joinStateAt({ ...appointment, status: "cancelled" }, 100 * MINUTE)).toBe("none");
  });

  it("the customer's page: when it opens (before), Join (from 10 minutes before the start to 15 after the end), then nothing", async () => {
    const now = Date.now();
    const later = await confirmed(now + 60 * MINUTE);
    expect((await statusPage(later.token)).join).toEqual({ state: "not-yet", opensAt: now + 50 * MINUTE });
    const soon = await confirmed(now + 5 * MINUTE);
    expect((await statusPage(soon.token)).join).toEqual({ state: "open" });
    // An hour-long appointment that started 70 minutes ago is within its 15 minutes' grace; one that started 80 ago is not.
    expect((await statusPage((await confirmed(now - 70 * MINUTE)).token)).join).toEqual({ state: "open" });
    expect((await statusPage((await confirmed(now - 80 * MINUTE)).token)).join).toBeNull();
    // Not by video, or not confirmed yet: no Join at all.
    expect((await statusPage((await confirmed(now + 5 * MINUTE, { mode: "on_site" })).token)).join).toBeNull();
    expect((await statusPage((await confirmed(now + 5 * MINUTE, { status: "offered" })).token)).join).toBeNull();
  });

  it("My jobs: the interpreter's video appointment with Join inside its window, also once it has started; gone after", async () => {
    const now = Date.now();
    const started = await confirmed(now - 30 * MINUTE);
    const over = await confirmed(now - 90 * MINUTE, { interpreter: started.interpreter });
    const jobs = await jobsPage.loader(get("/Dashboard/Jobs", started.interpreter.cookie));
    const listed = jobs.appointments.ok ? jobs.appointments.value.map((item) => item.id) : [];
    expect(listed).toContain(started.id);
    expect(listed).not.toContain(over.id);
  });
});

describe("the customer's Join", () => {
  it("inside the window: the room's cookie (HttpOnly, scoped to the room) and the room, the appointment's own", async () => {
    const { id, token } = await confirmed(Date.now() + 5 * MINUTE);
    const roomId = await roomOfId(id);
    const { location, lines, cookie } = await customerJoins(token);
    expect(location).toBe(`/call-room/${roomId}`);
    expect(lines.map((line) => line.match(/Path=([^;]+)/)?.[1]).sort()).toEqual([`/api/calls/room/${roomId}`, `/call-room/${roomId}`]);
    for (const line of lines) expect(line).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
    expect(await roomPage(roomId, cookie)).toMatchObject({ kind: "live", live: { party: "caller", ended: false, appointment: true } });
    // The room's address holds no secret: the same appointment always has the same room; another has another.
    expect(await roomOfId(id)).toBe(roomId);
    const other = await confirmed(Date.now() + 5 * MINUTE);
    expect(await roomOfId(other.id)).not.toBe(roomId);
    // This customer's cookie opens nothing of the other appointment's room, even once that one is open.
    await customerJoins(other.token);
    const otherRoom = await roomOfId(other.id);
    expect(statusOf(await thrown(() => roomPage(otherRoom, cookie)))).toBe(403);
  });

  it("before or after the window: 409, saying the call is not open, and no room; not by video: 404; a wrong link: 404", async () => {
    const now = Date.now();
    for (const startsAt of [now + 60 * MINUTE, now - 80 * MINUTE]) {
      const { id, token, interpreter } = await confirmed(startsAt);
      const refused = failure(await customerPost(token, { intent: "join" }));
      expect([refused.status, refused.formError]).toEqual([409, "The video call is not open now."]);
      // Nothing was opened: the room admits nobody, the interpreter included.
      const roomId = await roomOfId(id);
      expect(statusOf(await thrown(() => roomPage(roomId, interpreter.cookie)))).toBe(403);
    }
    const onSite = await confirmed(now + 5 * MINUTE, { mode: "on_site" });
    expect(statusOf(await thrown(() => customerPost(onSite.token, { intent: "join" })))).toBe(404);
    const { token: unknown } = await newStatusToken();
    expect(statusOf(await thrown(() => customerPost(unknown, { intent: "join" })))).toBe(404);
  });
});

describe("the interpreter's Join", () => {
  it("their own video appointment inside the window: to the room, where their account admits them as its interpreter", async () => {
    const { id, interpreter } = await confirmed(Date.now() + 5 * MINUTE);
    const answer = (await jobsPost(interpreter.cookie, id)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/call-room/${await roomOfId(id)}`);
    expect(await roomPage(await roomOfId(id), interpreter.cookie)).toMatchObject({ live: { party: "interpreter", ended: false, appointment: true } });
  });

  it("refused: another interpreter's or a staff member's post (404), an unreadable id (404), not by video (404), outside the window (409)", async () => {
    const now = Date.now();
    const { id, interpreter } = await confirmed(now + 5 * MINUTE);
    for (const cookie of [cookies.other, cookies.admin]) {
      const refused = failure(await jobsPost(cookie, id));
      expect([refused.status, refused.formError]).toEqual([404, "This is not one of your video appointments."]);
    }
    expect(failure(await jobsPost(interpreter.cookie, "1e3")).status).toBe(404);
    const byPhone = await confirmed(now + 5 * MINUTE, { mode: "phone" });
    expect(failure(await jobsPost(byPhone.interpreter.cookie, byPhone.id)).status).toBe(404);
    const later = await confirmed(now + 60 * MINUTE);
    const early = failure(await jobsPost(later.interpreter.cookie, later.id));
    expect([early.status, early.formError]).toEqual([409, "The video call is not open now."]);
    // Signed out: the guard sends them to sign in.
    const signedOut = await thrown(() => jobsPost("", id));
    expect(statusOf(signedOut)).toBe(302);
  });
});

describe("the room of an appointment", () => {
  it("its socket connects the customer and the interpreter; signed out, another interpreter, staff, another appointment's customer: 403", async () => {
    const { id, token, interpreter: person } = await confirmed(Date.now() + 5 * MINUTE);
    const roomId = await roomOfId(id);
    const { cookie } = await customerJoins(token);
    const customer = accepted(await roomSocket(roomId, cookie));
    await firstMessage(customer, "joined");
    const interpreter = accepted(await roomSocket(roomId, person.cookie));
    expect(await firstMessage(interpreter, "joined")).toMatchObject({ peerPresent: true });
    const stranger = await confirmed(Date.now() + 5 * MINUTE);
    const strangerCookie = (await customerJoins(stranger.token)).cookie;
    for (const who of [undefined, cookies.other, cookies.admin, strangerCookie]) {
      expect((await roomSocket(roomId, who)).status).toBe(403);
      expect(statusOf(await thrown(() => roomPage(roomId, who)))).toBe(403);
    }
  });

  it("a hang-up is the party leaving, not the end: the other side is told, and the customer joins again", async () => {
    const { id, token, interpreter: person } = await confirmed(Date.now() + 5 * MINUTE);
    const roomId = await roomOfId(id);
    const { cookie } = await customerJoins(token);
    const interpreter = accepted(await roomSocket(roomId, person.cookie));
    await firstMessage(interpreter, "joined");
    const customer = accepted(await roomSocket(roomId, cookie));
    await firstMessage(customer, "joined");
    const left = firstMessage(interpreter, "peer-left");
    customer.send(JSON.stringify({ type: "hangup" }));
    customer.close(1000);
    await left;
    const hungUp = await handleCallSocket(
      new Request(`${ORIGIN}/api/calls/room/${roomId}/hangup`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: new URLSearchParams() }),
      env,
    );
    expect(hungUp.status).toBe(204);
    const again = accepted(await roomSocket(roomId, cookie));
    expect(await firstMessage(again, "joined")).toMatchObject({ peerPresent: true });
    expect(await roomPage(roomId, cookie)).toMatchObject({ live: { ended: false } });
  });

  it("follows the appointment as it is now: moved past its window, the room has ended; cancelled or reassigned, 403", async () => {
    const { id, token, interpreter: person } = await confirmed(Date.now() + 5 * MINUTE);
    const roomId = await roomOfId(id);
    const { cookie } = await customerJoins(token);
    const interpreter = accepted(await roomSocket(roomId, person.cookie));
    await firstMessage(interpreter, "joined");
    // Moved to two hours ago: the window has closed.
    const moved = Date.now() - 120 * MINUTE;
    await env.DB.prepare("UPDATE appointments SET starts_at = ?, blocked_from = ?, blocked_to = ? WHERE id = ?")
      .bind(moved, moved, moved + 60 * MINUTE, id)
      .run();
    const ended = firstMessage(interpreter, "ended");
    expect(await roomPage(roomId, cookie)).toMatchObject({ live: { party: "caller", ended: true } });
    await ended;
    const late = accepted(await roomSocket(roomId, person.cookie));
    await firstMessage(late, "ended");
    expect((await statusPage(token)).join).toBeNull();

    const cancelled = await confirmed(Date.now() + 5 * MINUTE);
    const cancelledRoom = await roomOfId(cancelled.id);
    const customer = (await customerJoins(cancelled.token)).cookie;
    await env.DB.prepare("UPDATE appointments SET status = 'cancelled' WHERE id = ?").bind(cancelled.id).run();
    expect(statusOf(await thrown(() => roomPage(cancelledRoom, customer)))).toBe(403);
    expect((await roomSocket(cancelledRoom, cancelled.interpreter.cookie)).status).toBe(403);

    const reassigned = await confirmed(Date.now() + 5 * MINUTE);
    expect(((await jobsPost(reassigned.interpreter.cookie, reassigned.id)) as Response).status).toBe(302);
    const otherId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'otto.other@example.com'").first<{ id: string }>())!.id;
    await env.DB.prepare("UPDATE appointments SET interpreter_id = ? WHERE id = ?").bind(otherId, reassigned.id).run();
    const reassignedRoom = await roomOfId(reassigned.id);
    expect(statusOf(await thrown(() => roomPage(reassignedRoom, reassigned.interpreter.cookie)))).toBe(403);
  });
});

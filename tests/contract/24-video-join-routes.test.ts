// "Join" of a confirmed video appointment on the Supabase adapter (issue 25): whole routes, with the exact requests they
// make of Supabase. The customer's Join reads the appointment by their link's hash, once, and nothing else; the room
// then reads the appointment by its id on every admission (page and socket), the customer without any session read.
// The interpreter's Join is the guard's requests and one read of the appointment; their room reads who is signed in
// (the same reads), then the appointment. Someone who is not the room's party is refused before the appointment is read.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { appointmentRoomId } from "~/features/appointments/appointment-room.server";
import { newStatusToken } from "~/features/orders/status-token.server";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as callRoom from "~/routes/dashboard/call-room";
import * as jobsPage from "~/routes/dashboard/jobs";
import * as bookStatus from "~/routes/public/book-status";
import { handleCallSocket } from "../../workers/calls";
import { backendFor, double, INTERPRETER, languageIdOf, ORIGIN, signIn, step, who } from "./helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const PASSWORD = "Video-Join-Pass-1";
const MINUTE = 60_000;
let address = 0;
let spanish = 0;
const cookies = { vic: "", other: "" };
let vicId = "";

/** A route's arguments for a request from a browser on our own site, each from an address of its own (its own limit). */
function routeArgs(path: string, cookie: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  address++;
  const headers = {
    Origin: ORIGIN,
    "CF-Connecting-IP": `10.184.0.${address}`,
    ...(cookie ? { Cookie: cookie } : {}),
    ...(init.headers as Record<string, string> | undefined),
  };
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers });
  const ctx = createExecutionContext();
  return {
    args: { request, context: routerContextFor(createRequestContext(request, env, ctx)), params, pattern: path, url: new URL(request.url) } as never,
    ctx,
  };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/**
 * A video appointment in Spanish starting `minutes` from now (inside its Join window), an hour long, confirmed to Vic:
 * its id and private token. (Vic's confirmed appointments may not overlap: the double refuses it, as Postgres would.)
 */
async function confirmedIn(minutes: number) {
  const { token, hash } = await newStatusToken();
  const startsAt = Date.now() + minutes * MINUTE;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const booked = await backendFor().appointments.request(
    {
      contact: { name: "Vera Video", email: "vera.video@example.com", phone: "+1 307 555 0111", organisation: "" },
      ...{ languageId: spanish, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en", tokenHash: hash, tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!booked.ok) throw new Error(booked.reason);
  await double.patch("appointments", { id: booked.id }, { status: "confirmed", interpreter_id: vicId });
  return { id: booked.id, token };
}

const roomPage = (roomId: string, cookie: string) =>
  step(async () => {
    const { args } = routeArgs(`/call-room/${roomId}`, cookie, {}, { roomId });
    try {
      return await callRoom.loader(args);
    } catch (thrown) {
      return thrown;
    }
  });
const statusOf = (value: unknown) => (value instanceof Response ? value.status : (value as { init?: { status?: number } }).init?.status);

beforeAll(async () => {
  await double.reset();
  spanish = await languageIdOf("Spanish");
  const [vic] = await double.people([{ full_name: "Vic Video", email: "vic.video@example.com", password: PASSWORD, languages: ["Spanish"] }]);
  vicId = vic!.id;
  cookies.vic = (await signIn("vic.video@example.com", PASSWORD)).cookie;
  cookies.other = (await signIn(INTERPRETER)).cookie;
});

describe("a video appointment's Join, on Supabase", () => {
  it("the customer's Join: one read by the link's hash, then the room's cookie; the room reads the appointment by id, no session", async () => {
    const { id, token } = await confirmedIn(5);
    const roomId = await appointmentRoomId(env.SESSION_SECRET, id);
    const { args, ctx } = routeArgs(`/Book/${token}`, "", form({ intent: "join" }), { token });
    const joined = await step(async () => {
      const answer = (await bookStatus.action(args)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(joined.result.status).toBe(303);
    expect(joined.result.headers.get("Location")).toBe(`/call-room/${roomId}`);
    expect(who(joined.requests)).toEqual(["rpc.push_appointment_by_token service"]);
    const cookie = joined.result.headers.getSetCookie()[0]!.split(";")[0]!;

    const page = await roomPage(roomId, cookie);
    expect(page.result).toMatchObject({ kind: "live", live: { party: "caller", appointment: true, ended: false } });
    expect(who(page.requests)).toEqual(["rpc.push_get_appointment service"]);

    const socket = await step(() =>
      handleCallSocket(new Request(`${ORIGIN}/api/calls/room/${roomId}?tab=one`, { headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie } }), env),
    );
    expect(socket.result.status).toBe(101);
    socket.result.webSocket!.accept();
    socket.result.webSocket!.close(1000);
    expect(who(socket.requests)).toEqual(["rpc.push_get_appointment service"]);
  });

  it("the interpreter's Join: the guard and one read of the appointment; their room: the session, then the appointment", async () => {
    // Started 58 minutes ago: it ends before the first one starts, and its Join is open until 17 minutes from now.
    const { id } = await confirmedIn(-58);
    const roomId = await appointmentRoomId(env.SESSION_SECRET, id);
    const { args } = routeArgs("/Dashboard/Jobs", cookies.vic, form({ intent: "join-appointment", appointment: String(id) }));
    const joined = await step(async () => (await jobsPage.action(args)) as Response);
    expect(joined.result.status).toBe(302);
    expect(joined.result.headers.get("Location")).toBe(`/call-room/${roomId}`);
    expect(who(joined.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);

    const page = await roomPage(roomId, cookies.vic);
    expect(page.result).toMatchObject({ live: { party: "interpreter", appointment: true } });
    expect(who(page.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);

    // Another interpreter: their session is read, the room does not know them, and the appointment is never read.
    const stranger = await roomPage(roomId, cookies.other);
    expect(statusOf(stranger.result)).toBe(403);
    expect(who(stranger.requests)).toEqual(GUARD);
    // Their Join of it: the guard, the read, and 404 (it is not theirs).
    const { args: otherArgs } = routeArgs("/Dashboard/Jobs", cookies.other, form({ intent: "join-appointment", appointment: String(id) }));
    const refused = await step(() => jobsPage.action(otherArgs));
    expect((refused.result as { init: { status: number } }).init.status).toBe(404);
    expect(who(refused.requests)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
  });
});

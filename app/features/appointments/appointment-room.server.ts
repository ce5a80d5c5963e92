// "Join" for a confirmed video appointment (issue 25): the product's own call room (app/features/calls), opened for
// the customer and the assigned interpreter inside the Join window (app/domain/appointment-join.ts).
// - The room is derived from the appointment: its id is an HMAC of the appointment's id under a key derived from
//   SESSION_SECRET, shaped as a UUID. Nothing is stored, nobody can guess it, and knowing it admits nobody.
// - The customer joins from their private page (/Book/<token>): a POST that checks the token's hash and the window,
//   answered with the room's caller cookie and a redirect — the same cookie a live call's caller gets
//   (app/features/calls/room-access.server.ts). The customer is the room's caller side.
// - The interpreter joins from My jobs: a POST checked against their account being the appointment's interpreter.
// - Every later admission (the room's page, its socket) reads the appointment again through the port: a cancelled,
//   reassigned or moved appointment stops admitting at once, and after the window the room has ended.
import { data, redirect } from "react-router";
import type { Backend } from "~/backend/port.server";
import { joinStateAt, joinWindowOf } from "~/domain/appointment-join";
import type { Appointment } from "~/domain/appointments";
import { appointmentChoiceSchema } from "~/domain/offer-forms";
import type { Messages } from "~/i18n";
import { hmacKey } from "~/platform/core/hmac-key.server";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import type { IntentInput } from "~/request/intents.server";
import { enterAsCaller, type AppointmentRoomCheck } from "~/features/calls/room-access.server";
import { roomOf } from "~/features/calls/room-object.server";
import { livePath, roomToken } from "~/features/calls/room-token.server";

const encoder = new TextEncoder();

/** The room of appointment `appointmentId`: the same id every time, for this deployment's secret only. */
export async function appointmentRoomId(secret: string, appointmentId: number): Promise<string> {
  const key = await hmacKey(secret, "push appointment room id v1");
  const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(String(appointmentId)))).slice(0, 16);
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Opens (or brings up to date) the room of an appointment whose Join is open now; its id. */
async function openRoom(app: RequestContext, appointment: Appointment): Promise<string> {
  const roomId = await appointmentRoomId(app.config.SESSION_SECRET, appointment.id);
  await roomOf(app.cloudflare.env, roomId).openForAppointment({
    appointmentId: appointment.id,
    interpreterId: appointment.interpreter!.id,
    closesAt: joinWindowOf(appointment).closesAt,
  });
  return roomId;
}

/**
 * Whether the appointment behind a room admits this party now (the room's admission asks, on every page load and
 * socket): only a confirmed video appointment, its interpreter by their account, its customer by the room's cookie
 * (which only their private link hands out); open inside the window, ended after it, nobody before it.
 */
export function appointmentRoomCheck(backend: Pick<Backend, "appointments">, now: () => number = Date.now): AppointmentRoomCheck {
  return async (appointmentId, who) => {
    const appointment = await backend.appointments.get(appointmentId);
    if (!appointment) return null;
    if (who.party === "interpreter" && appointment.interpreter?.id !== who.userId) return null;
    const state = joinStateAt(appointment, now());
    return state === "open" ? "open" : state === "over" ? "over" : null;
  };
}

/**
 * The customer's Join on their private page. Not a video appointment: 404, as if there were nothing to join. A video
 * appointment outside its window (or not confirmed): 409, saying the call is not open. Inside: the room's cookie and
 * the room.
 */
export async function customerJoin(request: Request, app: RequestContext, t: Messages, appointment: Appointment) {
  if (appointment.mode !== "video") throw data(null, { status: 404 });
  if (joinStateAt(appointment, Date.now()) !== "open") return formFailure({ formError: t.book.status.join.notOpen, intent: "join" }, { status: 409 });
  const roomId = await openRoom(app, appointment);
  return enterAsCaller(request, roomId, await roomToken(app.config.SESSION_SECRET, roomId, "caller"));
}

/**
 * An interpreter's Join under My jobs: only their own video appointment (anything else, or an unreadable id, is
 * 404 and tells nothing), only inside its window (409); then the room, where their account admits them.
 */
export async function interpreterJoin({ app, formData, messages, user }: IntentInput) {
  const t = messages.offers.jobs;
  const parsed = appointmentChoiceSchema.safeParse({ appointment: formData.get("appointment") });
  const appointment = parsed.success ? await app.backend.appointments.get(parsed.data.appointment) : null;
  if (!appointment || appointment.mode !== "video" || appointment.interpreter?.id !== user.id)
    return formFailure({ formError: t.joinNotYours, intent: "join-appointment" }, { status: 404 });
  if (joinStateAt(appointment, Date.now()) !== "open") return formFailure({ formError: t.joinNotOpen, intent: "join-appointment" }, { status: 409 });
  return redirect(livePath(await openRoom(app, appointment)), { headers: { "Cache-Control": "no-store" } });
}

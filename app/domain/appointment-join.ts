// When "Join" opens a video appointment's call room (issue 25): for the customer and the assigned interpreter, from
// JOIN_OPENS_BEFORE_MS before the start until the scheduled end plus JOIN_GRACE_MS. The grace keeps the room open for
// an appointment that runs over (a hearing that ends late, a consultation that started late) without leaving it open
// indefinitely: once the window has closed, Join is gone and the room ends (app/features/calls/room-object.server.ts).
// Pure: the pages and the room's admission read it with the clock they were given.
import type { Appointment } from "./appointments";

const MINUTE_MS = 60_000;

/** Join opens this long before the start. */
export const JOIN_OPENS_BEFORE_MS = 10 * MINUTE_MS;
/** …and stays open this long after the scheduled end. */
export const JOIN_GRACE_MS = 15 * MINUTE_MS;

export type JoinWindow = { opensAt: number; closesAt: number };

export const joinWindowOf = (appointment: Pick<Appointment, "startsAt" | "minutes">): JoinWindow => ({
  opensAt: appointment.startsAt - JOIN_OPENS_BEFORE_MS,
  closesAt: appointment.startsAt + appointment.minutes * MINUTE_MS + JOIN_GRACE_MS,
});

/**
 * Where an appointment stands for Join at `now`:
 * - `none`: no room at all (not by video, or not confirmed: requested, offered, cancelled, completed);
 * - `not-yet`: a confirmed video appointment whose window opens later;
 * - `open`: inside the window;
 * - `over`: the window has closed.
 */
export type JoinState = "none" | "not-yet" | "open" | "over";

export function joinStateAt(appointment: Pick<Appointment, "mode" | "status" | "startsAt" | "minutes">, now: number): JoinState {
  if (appointment.mode !== "video" || appointment.status !== "confirmed") return "none";
  const { opensAt, closesAt } = joinWindowOf(appointment);
  if (now < opensAt) return "not-yet";
  return now < closesAt ? "open" : "over";
}

/** Whether an appointment still belongs under "Your appointments" at `now`: until its Join closes (its end plus the grace). */
export const isStillAhead = (appointment: Pick<Appointment, "startsAt" | "minutes">, now: number): boolean => joinWindowOf(appointment).closesAt > now;

/** What a page shows of Join: the button inside the window, when it opens before, nothing otherwise. */
export type JoinView = { state: "open" } | { state: "not-yet"; opensAt: number };

export function joinViewOf(appointment: Pick<Appointment, "mode" | "status" | "startsAt" | "minutes">, now: number): JoinView | null {
  const state = joinStateAt(appointment, now);
  if (state === "open") return { state };
  return state === "not-yet" ? { state, opensAt: joinWindowOf(appointment).opensAt } : null;
}

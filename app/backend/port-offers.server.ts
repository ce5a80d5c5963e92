// The offers part of the backend port (issue 25; docs/decisions/0030): staff offer an appointment to interpreters,
// each accepts or declines, the first accept wins — decided by the database in one atomic write, which also refuses
// an accept that would double-book the interpreter — and an appointment unfilled at its deadline is flagged once.
// Re-exported by port.server.ts. Callers have checked who may act (admins offer; an interpreter answers their own).
import type { Appointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import type { AcceptRefusal, Offer, OfferedJob } from "~/domain/offers";

export type OfferChange = {
  /** The appointment's version the page showed (compare-and-set). */
  basedOn: number;
  interpreterIds: string[];
  expiresAt: number;
};

export interface OfferStore {
  /**
   * Offers the appointment (requested or offered: `not-offerable` otherwise) to these interpreters: its status becomes
   * `offered` and its version grows; each gets an open offer with this deadline (one already offered is offered again).
   * `mails` are stored in the same write. An id that names no users row is refused (`unknown-interpreter`), storing nothing.
   */
  offer(
    appointmentId: number,
    change: OfferChange,
    now: number,
    mails?: NewMail[],
  ): Promise<{ ok: true; version: number } | { ok: false; reason: "stale" | "not-found" | "not-offerable" | "unknown-interpreter" }>;
  /** The appointment's offers, by interpreter name. */
  forAppointment(appointmentId: number): Promise<Offer[]>;
  /** One offer of this interpreter, with its appointment; null when it is not theirs. */
  get(offerId: number, interpreterId: string): Promise<OfferedJob | null>;
  /**
   * The interpreter's offers of appointments that have not started: still open, and those answered or taken since
   * `since` — soonest start first.
   */
  forInterpreter(interpreterId: string, now: number, since: number): Promise<OfferedJob[]>;
  /**
   * Accepts: in one write, only if the offer is this interpreter's, open and before its deadline, the appointment still
   * offered, and the interpreter has no confirmed appointment overlapping it. Then the appointment is confirmed to them
   * (version + 1), the offer accepted, every other open offer of it `taken`, and `mails` stored. Of two accepts at the
   * same instant exactly one succeeds; the other is refused with `taken`.
   */
  accept(
    offerId: number,
    interpreterId: string,
    now: number,
    mails?: NewMail[],
  ): Promise<{ ok: true; appointmentId: number; version: number } | { ok: false; reason: AcceptRefusal }>;
  /** Declines an open offer of this interpreter (`answered` when it is no longer open). */
  decline(offerId: number, interpreterId: string, now: number): Promise<{ ok: true } | { ok: false; reason: "not-found" | "answered" }>;
  /** Appointments still offered whose every offer's deadline has passed by `now`, not yet flagged. */
  unfilledDue(now: number): Promise<Appointment[]>;
  /** Flags one as unfilled with `mails`, once: false when it was flagged already or is no longer unfilled. */
  flagUnfilled(appointmentId: number, now: number, mails?: NewMail[]): Promise<boolean>;
  /** When it was flagged unfilled, or null. */
  unfilledSince(appointmentId: number): Promise<number | null>;
}

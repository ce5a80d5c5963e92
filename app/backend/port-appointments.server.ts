// The appointments part of the backend port (issue 25; docs/decisions/0030): bookings, their private links and the
// changes to them. Re-exported by port.server.ts. Each database refuses, on its own, two confirmed appointments of one
// interpreter whose blocked spans overlap (the ADR says how); the port's callers never rely on their own check alone.
import type { AppointmentFilter, AppointmentPage } from "~/domain/appointment-lists";
import type { Appointment, AppointmentDetails, AppointmentStatus, NewAppointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";

export type CancelChange = {
  /** The version the page showed: a change to an appointment that has moved on since is refused (`stale`). */
  basedOn: number;
  by: "customer" | "staff";
  /** Staff give one; a customer's cancellation has none. */
  reason: string;
};

export type DetailsChange = {
  /** The version the page showed: a change to an appointment that has moved on since is refused (`stale`). */
  basedOn: number;
  /** Everything the change stores, the blocked span computed for the new time and mode. */
  details: AppointmentDetails;
  /**
   * The assigned interpreter cannot take it as changed (or an offered appointment's time moved): it goes back to
   * `requested`, its interpreter cleared, its open, accepted and taken offers and its unfilled flag removed (declines
   * are kept), so staff offer it again. Otherwise its status and interpreter stay as they are.
   */
  release: boolean;
};

export type ChangeRefusal = "stale" | "not-found" | "not-changeable" | "conflict";

export interface AppointmentStore {
  /**
   * A booking: the customer found by e-mail (lower-cased) or created, the appointment (status `requested`) — and
   * `mails(id)`, written for the appointment's id, stored in the same write. All or nothing. Refused when the language
   * is not in the languages table.
   */
  request(
    appointment: NewAppointment,
    now: number,
    mails?: (id: number) => NewMail[],
  ): Promise<{ ok: true; id: number } | { ok: false; reason: "unknown-language" }>;
  get(id: number): Promise<Appointment | null>;
  /** One page (APPOINTMENTS_PAGE_SIZE) of the staff's list, by start then id, with the total the filter matches. */
  list(filter: AppointmentFilter): Promise<AppointmentPage>;
  /**
   * The appointments starting in [from, to) — a calendar week — by start, cancelled ones left out; only
   * `interpreterId`'s when given. At most CALENDAR_LIMIT.
   */
  between(from: number, to: number, interpreterId: string | null): Promise<Appointment[]>;
  /** The appointment behind a private link (the SHA-256 of its token); null when unknown. */
  byTokenHash(tokenHash: string): Promise<Appointment | null>;
  /**
   * Cancelled, with `mails` in the same write, only if it still has version `change.basedOn` and is requested, offered
   * or confirmed (`not-cancellable` otherwise: completed or cancelled already).
   */
  cancel(
    id: number,
    change: CancelChange,
    now: number,
    mails?: NewMail[],
  ): Promise<{ ok: true; version: number } | { ok: false; reason: "stale" | "not-found" | "not-cancellable" }>;
  /**
   * A change of the time or the details, with `mails` in the same write, only if it still has version `change.basedOn`
   * and is requested, offered or confirmed (`not-changeable` otherwise). The version grows (the .ics and the feed's
   * SEQUENCE with it). A confirmed appointment kept (`release` false) must not overlap its interpreter's other confirmed
   * work: the database refuses it (`conflict`), storing nothing. Its reminder rows are removed when the start moves or
   * the interpreter is released, so the reminders go again, once, for the new time.
   */
  change(
    id: number,
    change: DetailsChange,
    now: number,
    mails?: NewMail[],
  ): Promise<{ ok: true; version: number; status: AppointmentStatus } | { ok: false; reason: ChangeRefusal }>;
}

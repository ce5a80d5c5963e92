// Booked appointments (issue 25; docs/decisions/0030): what the backend port stores and answers, in the app's names.
// Pure types and the small rules that go with them; times are instants (UTC milliseconds), shown in the company's
// zone (app/domain/zoned-time.ts).
import type { Locale } from "~/i18n";
import type { AppointmentMode } from "./appointment-times";

export type { AppointmentMode };

export const APPOINTMENT_MODES = ["on_site", "video", "phone"] as const satisfies readonly AppointmentMode[];

/** What the interpreting is for: a setting can require a credential (legal → court certified). */
export const APPOINTMENT_SETTINGS = ["medical", "legal", "education", "business", "community", "other"] as const;
export type AppointmentSetting = (typeof APPOINTMENT_SETTINGS)[number];

/** The interpreter the customer would prefer, when it matters to them (optional). */
export const GENDER_PREFERENCES = ["female", "male"] as const;
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];

/**
 * requested → offered (staff sent offers) → confirmed (an interpreter accepted) → completed; cancelled from any of
 * the first three. The database refuses two confirmed appointments of one interpreter whose blocked spans overlap.
 */
export const APPOINTMENT_STATUSES = ["requested", "offered", "confirmed", "completed", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What the customer's page shows of the status: offers are staff's business, so "offered" still reads "requested". */
export const customerStatusOf = (status: AppointmentStatus): Exclude<AppointmentStatus, "offered"> => (status === "offered" ? "requested" : status);

/** The person who booked, as they typed it (found or created as a customer by e-mail, lower-cased). */
export type AppointmentContact = { name: string; email: string; phone: string; organisation: string };

/** A booking as it is stored: validated, times as instants, the blocked span computed (blockedBy). */
export type NewAppointment = {
  contact: AppointmentContact;
  languageId: number;
  mode: AppointmentMode;
  setting: AppointmentSetting;
  /** The start, an instant. */
  startsAt: number;
  minutes: number;
  /** The span it takes from its interpreter (with the travel buffer when on site): [blockedFrom, blockedTo). */
  blockedFrom: number;
  blockedTo: number;
  /** On site: where. */
  address: string;
  /** By phone: the number the interpreter calls. */
  callNumber: string;
  notes: string;
  genderPreference: GenderPreference | null;
  locale: Locale;
  /** SHA-256 (hex) of the private link's token, and the token sealed with the worker's secret (as orders keep theirs). */
  tokenHash: string;
  tokenSealed: string;
  /**
   * A signed-in requester's "same interpreter as last time" (issue 27, docs/decisions/0041): stored only when the
   * interpreter is one of the organisation's past interpreters and the booking's customer is that organisation's.
   */
  preferred?: { organisationId: number; interpreterId: string };
};

/** What staff can change of an appointment (issue 25): everything but its language, customer and link. */
export type AppointmentDetails = Pick<
  NewAppointment,
  "contact" | "mode" | "setting" | "startsAt" | "minutes" | "blockedFrom" | "blockedTo" | "address" | "callNumber" | "notes" | "genderPreference"
>;

export type Appointment = Omit<NewAppointment, "tokenHash" | "tokenSealed" | "languageId" | "preferred"> & {
  id: number;
  /** Null once the language has been deleted (its name stays in `language`). */
  languageId: number | null;
  status: AppointmentStatus;
  /** Every change adds one: a change names the version its page showed (compare-and-set). */
  version: number;
  customerId: number;
  /** The language's name as it was booked (kept when the language is renamed or deleted). */
  language: string;
  interpreter: { id: string; name: string } | null;
  /** The interpreter the requester asked for when booking ("the same interpreter as last time"); absent when none. */
  preferredInterpreter?: { id: string; name: string };
  cancelReason: string;
  cancelledAt: number | null;
  cancelledBy: "customer" | "staff" | null;
  tokenSealed: string | null;
  createdAt: number;
  updatedAt: number;
};

/** The interpreter's first name: all a customer is told of who comes. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? "";

/** A cancellation under this many hours before the start is late, and charged (a company setting; the default). */
export const LATE_CANCELLATION_HOURS = 24;

export const isLateCancellation = (appointment: Pick<Appointment, "startsAt">, now: number, hours = LATE_CANCELLATION_HOURS): boolean =>
  appointment.startsAt - now < hours * 60 * 60 * 1000;

/** Not over and not cancelled already: what staff can still cancel (the database checks the same). */
export const isCancellable = (status: AppointmentStatus): boolean => status === "requested" || status === "offered" || status === "confirmed";

/** What staff can still change (the database checks the same): the same as what they can cancel. */
export const isChangeable = isCancellable;

/** Whether the customer can still cancel: before the start, and not already over or cancelled. */
export const customerCanCancel = (appointment: Pick<Appointment, "status" | "startsAt">, now: number): boolean =>
  isCancellable(appointment.status) && appointment.startsAt > now;

/** The appointment's number as people say it: "A-000042". */
export const appointmentNumber = (id: number): string => `A-${String(id).padStart(6, "0")}`;

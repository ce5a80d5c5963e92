// Rows of the appointments table (both databases keep the same columns), mapped to the app's type once for both
// adapters. D1 keeps instants as epoch ms; Postgres sends timestamptz as text and bigint as strings.
import type { Appointment, AppointmentMode, AppointmentSetting, AppointmentStatus, GenderPreference } from "~/domain/appointments";
import type { Locale } from "~/i18n";
import { instant, int } from "./order.server";

/** An appointments row with its interpreter's name (APPOINTMENT_SQL on D1; push_get_appointment's JSON on Supabase). */
export type AppointmentRow = {
  id: number | string;
  customer_id: number | string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  organisation: string;
  language_id: number | string | null;
  language: string;
  mode: AppointmentMode;
  setting: AppointmentSetting;
  starts_at: number | string;
  minutes: number | string;
  blocked_from: number | string;
  blocked_to: number | string;
  address: string;
  call_number: string;
  notes: string;
  gender_preference: GenderPreference | null;
  locale: Locale;
  status: AppointmentStatus;
  version: number | string;
  interpreter_id: string | null;
  interpreter_name: string | null;
  cancel_reason: string;
  cancelled_at: number | string | null;
  cancelled_by: "customer" | "staff" | null;
  token_sealed: string | null;
  created_at: number | string;
  updated_at: number | string;
  /** The interpreter asked for when booking, and their name (not every read joins it: absent then). */
  preferred_interpreter_id?: string | null;
  preferred_interpreter_name?: string | null;
};

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: int(row.id),
    status: row.status,
    version: int(row.version),
    customerId: int(row.customer_id),
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone, organisation: row.organisation },
    languageId: row.language_id === null ? null : int(row.language_id),
    language: row.language,
    mode: row.mode,
    setting: row.setting,
    startsAt: instant(row.starts_at),
    minutes: int(row.minutes),
    blockedFrom: instant(row.blocked_from),
    blockedTo: instant(row.blocked_to),
    address: row.address,
    callNumber: row.call_number,
    notes: row.notes,
    genderPreference: row.gender_preference,
    locale: row.locale,
    interpreter: row.interpreter_id ? { id: row.interpreter_id, name: row.interpreter_name ?? "" } : null,
    cancelReason: row.cancel_reason,
    cancelledAt: row.cancelled_at === null ? null : instant(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    tokenSealed: row.token_sealed,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    // Only when asked for (and named by the read): most appointments have none, and their objects stay as they were.
    ...(row.preferred_interpreter_id && typeof row.preferred_interpreter_name === "string"
      ? { preferredInterpreter: { id: row.preferred_interpreter_id, name: row.preferred_interpreter_name } }
      : {}),
  };
}

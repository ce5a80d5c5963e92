// After a booked appointment (issue 25): the assigned interpreter records what happened under My jobs (replacing their
// record until staff approve it), and staff approve it on the appointment's page, as it is or corrected, which
// completes the appointment. The approved record is what billing reads. The stores check who and when again
// (RecordStore); these handlers read the form and say why a post was refused.
import type { Backend } from "~/backend/port.server";
import type { AppointmentRecord } from "~/domain/appointment-records";
import { appointmentNumber, type Appointment } from "~/domain/appointments";
import { filterOf } from "~/domain/appointment-lists";
import { workView, type WorkView } from "~/domain/offers";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { approveSchema, recordSchema } from "~/domain/record-forms";
import { wallClockOf } from "~/domain/zoned-time";
import { format } from "~/i18n";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";

export type WorkToRecord = { appointment: WorkView; record: AppointmentRecord | null };

/** The interpreter's confirmed appointments that have started (the oldest first, a page of them) with their records. */
export async function workToRecord(backend: Backend, userId: string, now: number): Promise<WorkToRecord[]> {
  const today = wallClockOf(now, COMPANY_TIME_ZONE).date;
  const filter = filterOf({ from: null, to: today, status: "confirmed", languageId: null, interpreterId: userId, mode: null, page: 1 });
  const started = (await backend.appointments.list(filter)).items.filter((appointment) => appointment.startsAt <= now);
  const records = new Map((await backend.records.ofMany(started.map((appointment) => appointment.id))).map((record) => [record.appointmentId, record]));
  return started.map((appointment) => ({ appointment: workView(appointment), record: records.get(appointment.id) ?? null }));
}

/** My jobs, "Save record": the appointment is the form's; the store records it only if it is this interpreter's. */
export async function recordAttendance(input: IntentInput) {
  const { app, messages, formData, request, user } = input;
  const t = messages.records.toRecord;
  const id = Number(formData.get("appointment"));
  const appointment = Number.isSafeInteger(id) && id > 0 ? await app.backend.appointments.get(id) : null;
  const refused = (formError: string, status: 404 | 409 | 503) =>
    formFailure({ values: keptValues(formData), formError, intent: "record", id: String(id) }, { status });
  if (!appointment || appointment.interpreter?.id !== user.id) return refused(t.refused["not-found"], 404);
  const now = Date.now();
  const form = parseFormData(formData, recordSchema(messages, { now, onSite: appointment.mode === "on_site" }));
  if (!form.ok) return formFailure({ ...form, intent: "record", id: String(appointment.id) });
  const { appointment: _id, ...entry } = form.data;
  const recorded = await unlessWriteFails("A record", () => app.backend.records.record(appointment.id, user.id, entry, now));
  if (recorded === "unavailable") return refused(messages.orders.refusals.unavailable, 503);
  if (!recorded.ok) return refused(t.refused[recorded.reason], recorded.reason === "not-found" ? 404 : 409);
  const message = format(t.saved, { number: appointmentNumber(appointment.id) });
  return redirectWithToast("/Dashboard/Jobs#to-record", { type: "success", message }, { request, config: app.config });
}

/** The appointment's page, "Approve": the record as staff approve it completes the appointment (compare-and-set). */
export async function approveRecord(input: IntentInput, appointment: Appointment) {
  const { app, messages, formData, request, url, user } = input;
  const t = messages.records.approval;
  const now = Date.now();
  const form = parseFormData(formData, approveSchema(messages, { now, onSite: appointment.mode === "on_site" }));
  if (!form.ok) return formFailure({ ...form, intent: "approve-record" });
  const refused = (formError: string, status: 409 | 503) => formFailure({ values: keptValues(formData), formError, intent: "approve-record" }, { status });
  const { basedOn, ...entry } = form.data;
  if (basedOn !== appointment.version) return refused(t.stale, 409);
  const approved = await unlessWriteFails("An approval", () => app.backend.records.approve(appointment.id, { basedOn, entry, by: user.id }, now));
  if (approved === "unavailable") return refused(messages.orders.refusals.unavailable, 503);
  if (!approved.ok) return refused(approved.reason === "stale" ? t.stale : t.refused[approved.reason], 409);
  const message = format(t.approved, { number: appointmentNumber(appointment.id) });
  return redirectWithToast(`${url.pathname}#after`, { type: "success", message }, { request, config: app.config });
}

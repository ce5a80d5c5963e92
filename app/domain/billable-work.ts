// What the product recorded, as work billing can price (issue 26, build item 2): an appointment once staff approved its
// record (or a customer's late cancellation), and an answered call. Orders are billed at their accepted quote, not
// priced from rates. Pure: the records come in, the Work of pricing.ts comes out, or null when there is nothing to bill.
import type { AppointmentRecord } from "./appointment-records";
import type { Appointment } from "./appointments";
import type { CallLogEntry } from "./call-log";
import type { Work } from "./pricing";

type BillableAppointment = Pick<Appointment, "mode" | "languageId" | "startsAt" | "createdAt" | "status" | "cancelledAt" | "cancelledBy">;

const MODE = { on_site: "onsite", video: "video", phone: "phone" } as const;

/**
 * An appointment as work: completed with an approved record → held for the recorded time (from its actual start), or
 * the recorded no-show; cancelled by the customer → a cancellation at its moment (pricing decides whether it was late);
 * anything else (still to come, not yet approved, cancelled by staff) → null: nothing to bill.
 */
export function workOfAppointment(appointment: BillableAppointment, record: AppointmentRecord | null): Extract<Work, { kind: "appointment" }> | null {
  const common = { kind: "appointment" as const, mode: MODE[appointment.mode], languageId: appointment.languageId, bookedAt: appointment.createdAt };
  if (appointment.status === "cancelled") {
    if (appointment.cancelledBy !== "customer" || appointment.cancelledAt === null) return null;
    return { ...common, start: appointment.startsAt, outcome: { kind: "cancelled", at: appointment.cancelledAt } };
  }
  if (appointment.status !== "completed" || !record || record.approvedAt === null) return null;
  if (record.noShow !== null)
    return { ...common, start: appointment.startsAt, outcome: { kind: record.noShow === "customer" ? "customer-no-show" : "interpreter-no-show" } };
  return { ...common, start: record.actualStart, outcome: { kind: "held", seconds: Math.round((record.actualEnd - record.actualStart) / 1000) } };
}

/** An answered call as work: its talk time, in whole seconds begun (a call of 60.2 s is 61 s), from when it was answered. */
export function workOfCall(entry: Pick<CallLogEntry, "languageId" | "answeredAt" | "endedAt">): Extract<Work, { kind: "call" }> | null {
  if (entry.answeredAt === null) return null;
  return { kind: "call", languageId: entry.languageId, start: entry.answeredAt, seconds: Math.ceil((entry.endedAt - entry.answeredAt) / 1000) };
}

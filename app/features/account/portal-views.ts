// What the customer portal's pages send to the browser of an organisation's work: only what a requester is told (the
// customer's status words, the interpreter's first name, an invoice's own state), never staff's notes, offers or
// link secrets. Pure, shared by the pages' loaders.
import type { Invoice, InvoiceSummary } from "~/backend/port-invoices.server";
import type { PortalMessage } from "~/backend/port-portal.server";
import { customerStatusOf, firstNameOf, type Appointment } from "~/domain/appointments";
import { invoiceState, openBalance } from "~/domain/invoices";
import { clipMessage } from "~/domain/portal";

export function appointmentLine(appointment: Appointment) {
  return {
    id: appointment.id,
    status: customerStatusOf(appointment.status),
    startsAt: appointment.startsAt,
    minutes: appointment.minutes,
    language: appointment.language,
    mode: appointment.mode,
    contactName: appointment.contact.name,
  };
}
export type AppointmentLine = ReturnType<typeof appointmentLine>;

export function appointmentView(appointment: Appointment) {
  const shown = appointment.status === "confirmed" || appointment.status === "completed";
  return {
    ...appointmentLine(appointment),
    version: appointment.version,
    setting: appointment.setting,
    address: appointment.address,
    callNumber: appointment.callNumber,
    notes: appointment.notes,
    cancelReason: appointment.cancelReason,
    // Only the first name: all a customer is told of who comes.
    interpreter: shown ? firstNameOf(appointment.interpreter?.name ?? "") : "",
  };
}

/** An issued invoice's state as its customer reads it (never "draft": the portal shows issued invoices only). */
export const customerInvoiceState = (invoice: Pick<Invoice, "totalMinor" | "paidMinor" | "creditedMinor">) => {
  const state = invoiceState({
    issued: true,
    sent: false,
    totalMinor: invoice.totalMinor ?? 0,
    paidMinor: invoice.paidMinor,
    creditedMinor: invoice.creditedMinor,
  });
  return state === "draft" ? "issued" : state;
};

export function invoiceLine(invoice: InvoiceSummary) {
  return {
    id: invoice.id,
    number: invoice.number ?? "",
    issuedAt: invoice.issuedAt ?? invoice.createdAt,
    currency: invoice.currency,
    totalMinor: invoice.totalMinor ?? 0,
    openMinor: openBalance(invoice.totalMinor ?? 0, invoice.paidMinor, invoice.creditedMinor),
    state: customerInvoiceState(invoice),
  };
}
export type InvoiceLine = ReturnType<typeof invoiceLine>;

/** A message as the home's list shows it: clipped (the order's thread has the whole), PUSH's with no one's name. */
export function messageLine(message: PortalMessage) {
  return {
    id: message.id,
    orderId: message.orderId,
    author: message.author,
    customerName: message.author === "customer" ? (message.customerName ?? "") : "",
    body: clipMessage(message.body),
    createdAt: message.createdAt,
  };
}
export type MessageLine = ReturnType<typeof messageLine>;

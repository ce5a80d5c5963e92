// The customer portal's part of the backend port (issue 27, build item 2; docs/decisions/0040): what a requester reads
// of their organisation's work on /Account. Every method takes the organisation id (requireCustomer's) and each
// adapter puts it in the same query that reads the rows, so another organisation's id answers nothing — never a row
// read by its id alone and checked after. Re-exported by port.server.ts.
import type { AppointmentPage } from "~/domain/appointment-lists";
import type { Appointment } from "~/domain/appointments";
import type { OrderDetail, OrderPage } from "~/domain/order-records";
import type { Paged } from "~/domain/paging";
import type { Invoice, InvoiceSummary } from "./port-invoices.server";

export const PORTAL_PAGE_SIZE = 10;

/** The search reads the requester's name, the service (orders) or language (appointments), any part, any case; or a number. */
export type PortalQuery = { search: string; page: number };
/** Upcoming: starting at `now` or later, soonest first; past: before `now`, latest first. */
export type PortalAppointmentQuery = PortalQuery & { when: "upcoming" | "past"; now: number };

/** What is still owed over the organisation's issued invoices, per currency (only currencies with something open). */
export type OpenBalance = { currency: string; openMinor: number };
export type PortalInvoicePage = Paged<InvoiceSummary> & { open: OpenBalance[] };

/**
 * A message of one of the organisation's orders' threads. `customerName` is the order's requester when the customer
 * wrote it and null when PUSH did: a staff member's name or id never leaves the office.
 */
export type PortalMessage = { id: number; orderId: number; author: "customer" | "staff"; customerName: string | null; body: string; createdAt: number };
/** The messages' search reads any part of the body, any case, or the order's number. */
export type PortalMessagePage = Paged<PortalMessage>;

export interface CustomerPortalStore {
  /**
   * One page (PORTAL_PAGE_SIZE), newest first, of the orders of the organisation's customers whose address was proven
   * (an unproven request with the same e-mail is not theirs yet, issue 22).
   */
  orders(organisationId: number, query: PortalQuery): Promise<OrderPage>;
  /** One of those orders with its files, thread and history; the staff's internal note is never read (always ""). */
  order(organisationId: number, id: number): Promise<OrderDetail | null>;
  appointments(organisationId: number, query: PortalAppointmentQuery): Promise<AppointmentPage>;
  appointment(organisationId: number, id: number): Promise<Appointment | null>;
  /** One page, newest first, of the organisation's issued invoices (a draft is staff's), with what is open over all. */
  invoices(organisationId: number, query: { page: number }): Promise<PortalInvoicePage>;
  /** One issued invoice of the organisation; null for a draft, another organisation's or none. */
  invoice(organisationId: number, id: number): Promise<Invoice | null>;
  /** One page, newest first, of the messages of the organisation's proven orders (the orders `orders` lists). */
  messages(organisationId: number, query: PortalQuery): Promise<PortalMessagePage>;
}

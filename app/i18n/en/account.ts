// The customer portal (issue 27, /Account): what a requester of a customer organisation reads of its orders,
// appointments and invoices.
import type { Plural } from "~/i18n/plural";

export const account = {
  metaTitle: "Your account",
  nav: {
    label: "Your account",
    home: "Overview",
    people: "People",
    preferences: "Preferred interpreters",
    signOut: "Sign out",
    signedInAs: "Signed in as {name}",
  },
  home: {
    heading: "{organisation}",
    intro: "Every order, appointment and invoice of your organisation, in one place.",
  },
  orders: {
    heading: "Orders",
    count: { one: "{count} order", other: "{count} orders" } satisfies Plural,
    search: "Search the orders",
    searchHint: "A name, a service or an order number",
    empty: "No orders yet.",
    noMatches: "No order matches this search.",
    back: "All your orders",
    requestAgain: "Request again",
  },
  appointments: {
    rate: "Rate this appointment",
    heading: "Appointments",
    count: { one: "{count} appointment", other: "{count} appointments" } satisfies Plural,
    search: "Search the appointments",
    searchHint: "A name, a language or an appointment number",
    when: "Show",
    upcoming: "Upcoming",
    past: "Past",
    empty: "No appointments here.",
    noMatches: "No appointment matches this search.",
    columns: { number: "Appointment", when: "When", language: "Language", mode: "How", contact: "Booked by", status: "Status" },
    calendar: "Add to your calendar (.ics)",
    back: "All your appointments",
  },
  invoices: {
    heading: "Invoices",
    count: { one: "{count} invoice", other: "{count} invoices" } satisfies Plural,
    empty: "No invoices yet.",
    open: "Still to pay: {amounts}",
    nothingOpen: "Nothing is open: every invoice is paid.",
    columns: { number: "Invoice", issued: "Issued", total: "Total", open: "Open", status: "Status" },
    back: "All your invoices",
  },
  search: "Search",
  clear: "Clear",
  pages: { orders: "Pages of orders", appointments: "Pages of appointments", invoices: "Pages of invoices" },
  // The seams of later work (issue 27 items 2-4): where the portal will offer them.
  // The forms come filled in with the person's details, and what they send is the organisation's.
  actions: { label: "Ask us", quote: "Request a quote", book: "Book an interpreter", call: "Call an interpreter now" },
};

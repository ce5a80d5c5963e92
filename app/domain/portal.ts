// The customer portal's views (issue 27, /Account): its lists' queries from the URL, pure rules shared by the pages
// and both adapters.
import { pageParam, searchParam } from "./paging";

/** "A-000042", "a42" or "42" → 42: an appointment's number as people type it; null for anything else. */
export function appointmentIdOf(text: string): number | null {
  const match = /^(?:a-?)?0*(\d{1,9})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/**
 * The home's three lists each keep their own search and page in the URL (?orders=&ordersPage=, ?appointments=&
 * appointmentsPage=&when=, ?invoicesPage=), so paging one leaves the others where they were.
 */
export function portalQueriesFrom(url: URL) {
  return {
    orders: { search: searchParam(url, "orders"), page: pageParam(url, "ordersPage") },
    appointments: {
      search: searchParam(url, "appointments"),
      page: pageParam(url, "appointmentsPage"),
      when: url.searchParams.get("when") === "past" ? ("past" as const) : ("upcoming" as const),
    },
    invoices: { page: pageParam(url, "invoicesPage") },
  };
}

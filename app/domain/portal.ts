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
 * The home's four lists each keep their own search and page in the URL (?orders=&ordersPage=, ?appointments=&
 * appointmentsPage=&when=, ?invoicesPage=, ?messages=&messagesPage=), so paging one leaves the others where they were.
 */
/** How much of a message the home's list shows: about a line and a half; the order's page has the whole of it. */
export const MESSAGE_CLIP = 140;

/** A message's body on one line, cut at a word near MESSAGE_CLIP characters with an ellipsis when longer. */
export function clipMessage(body: string, max = MESSAGE_CLIP): string {
  const flat = body.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function portalQueriesFrom(url: URL) {
  return {
    orders: { search: searchParam(url, "orders"), page: pageParam(url, "ordersPage") },
    appointments: {
      search: searchParam(url, "appointments"),
      page: pageParam(url, "appointmentsPage"),
      when: url.searchParams.get("when") === "past" ? ("past" as const) : ("upcoming" as const),
    },
    invoices: { page: pageParam(url, "invoicesPage") },
    messages: { search: searchParam(url, "messages"), page: pageParam(url, "messagesPage") },
  };
}

// The requests the scale benchmark measures: every dashboard list, search, filter and deep page, the order and
// customer pages, and the call log's CSV. Each has a label that is the same in every state (the table's row); what it
// points at (the last page, an id, a cursor) is found in the state itself — from the pages' own HTML where the app
// shows it, from the generator's manifest where it knows (the biggest customer, the newest accepted order) — so the
// sample-sized and the large state are asked comparable questions and nothing is hard-coded.
import { ADMIN_EMAIL, INTERPRETER_EMAIL } from "../fuzz/sessions";
import type { Manifest } from "./load";
import { timedGet } from "./measure";

export type Role = "admin" | "interpreter";

export type Case = {
  /** The table's row, the same in every state. */
  label: string;
  as: Role;
  /** What is requested in this state; null when it could not be found here (see `skipped`). */
  path: string | null;
  skipped?: string;
  /** A CSV download: its data rows are counted and compared with what was generated. */
  csv?: { year: number; expectedRows: number };
  /** Which of the targets apply: pages are held to them; the CSV (a download of every row) only to its count. */
  pageTargets: boolean;
};

/** The address the benchmark's requests claim (a benchmark range, RFC 2544): the same for every request. */
const CLIENT_ADDRESS = "198.18.250.1";

export function headersFor(cookie: string): Record<string, string> {
  return { Cookie: cookie, "CF-Connecting-IP": CLIENT_ADDRESS, Accept: "text/html,*/*", "User-Agent": "push-bench-scale" };
}

/** The last page a list offers: its pager's "Page 1 of N", else the highest ?page= it links, else 1 (no pager). */
export function lastPageOf(html: string): number {
  const text = html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
  const shown = /Page\s+[\d,]+\s+of\s+([\d,]+)/.exec(text);
  if (shown) return Number(shown[1]!.replace(/,/g, ""));
  const linked = [...html.matchAll(/[?&;]page=(\d+)/g)].map((match) => Number(match[1]));
  return Math.max(1, ...linked);
}

/** The value of the <option> whose text is `label` (the filters' choices), or null. */
function optionValue(html: string, label: string): string | null {
  return new RegExp(`<option[^>]*value="(\\d+)"[^>]*>${label}</option>`).exec(html)?.[1] ?? null;
}

/** A list's "older" link (a keyset cursor, ?before=… or another `param`), resolved against its page, or null. */
function olderLink(html: string, page: string, param = "before"): string | null {
  const link = new RegExp(`href="([^"]*[?&](?:amp;)?${param}=[^"]*)"`, "g");
  const href = [...html.matchAll(link)].map((match) => match[1]!.replace(/&amp;/g, "&")).at(0);
  if (!href) return null;
  const url = new URL(href, `http://bench${page}`);
  return url.pathname + url.search.replace(/#.*$/, "");
}

/** `year`: the calendar year whose calls the filtered log and the CSV ask for (the same in every state). */
export async function planCases(port: number, cookies: Record<Role, string>, manifest: Manifest, year: number): Promise<Case[]> {
  // A list page that fails here is still measured below (its 5xx is what the report must show); only the
  // requests found through it are skipped, saying why.
  const failed = new Map<string, string>();
  const page = async (path: string) => {
    const answer = await timedGet(port, path, { headers: headersFor(cookies.admin), keepBody: true });
    if (answer.status !== 200) failed.set(path, `${path} answered ${answer.status || answer.error}`);
    return answer.status === 200 ? answer.body : "";
  };
  const unless = (path: string, reason: string) => failed.get(path) ?? reason;
  const [orders, customers, interpreters, users, inbox, calls] = [
    await page("/Dashboard/Orders"),
    await page("/Dashboard/Dashboardcustomers"),
    await page("/Dashboard/Interpreter"),
    await page("/Dashboard/Dashboardusers"),
    await page("/Dashboard/Inbox"),
    await page("/Dashboard/Calls"),
  ];
  const { surname } = manifest;
  const yearFilter = `from=${year}-01-01&to=${year}-12-31`;
  const language = optionValue(orders, "Spanish");

  const admin = (label: string, path: string | null, skipped?: string): Case => ({ label, as: "admin", path, pageTargets: true, ...(path ? {} : { skipped }) });
  const cases: Case[] = [
    admin("/Dashboard (overview: the control)", "/Dashboard"),
    admin("/Dashboard/Inbox", "/Dashboard/Inbox"),
    admin("/Dashboard/Inbox?show=unread", "/Dashboard/Inbox?show=unread"),
    admin("/Dashboard/Inbox?show=failed", "/Dashboard/Inbox?show=failed"),
    admin("/Dashboard/Inbox?before=… (page 2)", olderLink(inbox, "/Dashboard/Inbox"), unless("/Dashboard/Inbox", "no older page")),
    admin("/Dashboard/Orders", "/Dashboard/Orders"),
    admin(`/Dashboard/Orders?q=${surname}`, `/Dashboard/Orders?q=${surname}`),
    admin("/Dashboard/Orders?status=completed", "/Dashboard/Orders?status=completed"),
    admin(
      "/Dashboard/Orders?language=<Spanish>",
      language ? `/Dashboard/Orders?language=${language}` : null,
      unless("/Dashboard/Orders", "no Spanish in the language filter"),
    ),
    admin("/Dashboard/Orders?page=<last>", `/Dashboard/Orders?page=${lastPageOf(orders)}`),
    admin("/Dashboard/Orders/<newest accepted>", `/Dashboard/Orders/${manifest.acceptedOrderId}`),
    admin("/Dashboard/Dashboardcustomers", "/Dashboard/Dashboardcustomers"),
    admin(`/Dashboard/Dashboardcustomers?q=${surname}`, `/Dashboard/Dashboardcustomers?q=${surname}`),
    admin("/Dashboard/Dashboardcustomers?page=<last>", `/Dashboard/Dashboardcustomers?page=${lastPageOf(customers)}`),
    admin("/Dashboard/Dashboardcustomers/<most orders>", `/Dashboard/Dashboardcustomers/${manifest.topCustomer.id}`),
    admin("/Dashboard/Dashboardusers (accounts + security log)", "/Dashboard/Dashboardusers"),
    admin(`/Dashboard/Dashboardusers?account=<${INTERPRETER_EMAIL}>`, `/Dashboard/Dashboardusers?account=${encodeURIComponent(INTERPRETER_EMAIL)}`),
    // The account list's search, pages and the log's older page: only when the page offers them (it showed every
    // account and the newest 100 events at once when this was written).
    admin(
      `/Dashboard/Dashboardusers?q=${surname}`,
      /<input\b[^>]*\bname="q"/.test(users) ? `/Dashboard/Dashboardusers?q=${surname}` : null,
      unless("/Dashboard/Dashboardusers", "the page has no search box"),
    ),
    admin(
      "/Dashboard/Dashboardusers?page=<last>",
      lastPageOf(users) > 1 ? `/Dashboard/Dashboardusers?page=${lastPageOf(users)}` : null,
      unless("/Dashboard/Dashboardusers", "the account list has no pages"),
    ),
    admin(
      "/Dashboard/Dashboardusers?events_before=… (log page 2)",
      olderLink(users, "/Dashboard/Dashboardusers", "events_before"),
      unless("/Dashboard/Dashboardusers", "the security log has no older page"),
    ),
    admin("/Dashboard/Interpreter", "/Dashboard/Interpreter"),
    admin(`/Dashboard/Interpreter?q=${surname}`, `/Dashboard/Interpreter?q=${surname}`),
    admin("/Dashboard/Interpreter?page=<last>", `/Dashboard/Interpreter?page=${lastPageOf(interpreters)}`),
    admin("/Dashboard/UserLanguages", "/Dashboard/UserLanguages"),
    admin("/Dashboard/Dashboardcall", "/Dashboard/Dashboardcall"),
    admin("/Dashboard/Calls", "/Dashboard/Calls"),
    admin(`/Dashboard/Calls?${yearFilter}`, `/Dashboard/Calls?${yearFilter}`),
    admin("/Dashboard/Calls?before=… (page 2)", olderLink(calls, "/Dashboard/Calls"), unless("/Dashboard/Calls", "no older page")),
    {
      label: `/Dashboard/Calls/export?${yearFilter} (CSV)`,
      as: "admin",
      path: `/Dashboard/Calls/export?${yearFilter}`,
      csv: { year, expectedRows: manifest.callsByYear[year] ?? 0 },
      pageTargets: false,
    },
    { label: `/Dashboard/Jobs (as ${INTERPRETER_EMAIL})`, as: "interpreter", path: "/Dashboard/Jobs", pageTargets: true },
  ];
  return cases;
}

export const SIGN_IN_AS: Record<Role, string> = { admin: ADMIN_EMAIL, interpreter: INTERPRETER_EMAIL };

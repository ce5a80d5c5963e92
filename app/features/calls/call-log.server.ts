// The call log as staff read it (issue 14): administrators every call, with any filter; an interpreter only their
// own calls, whatever the address asks for. Shared by the log's page and its CSV export. Nothing is cut short
// (issue 23): the page shows one page of calls with a link to the older ones, the totals count everything the filter
// matches, and the export reads the log chunk by chunk until it is exhausted.
import {
  CALL_LOG_CHUNK,
  CALL_LOG_PAGE_SIZE,
  callLogCsv,
  callLogCursorFrom,
  callLogCursorParam,
  callLogFilterFrom,
  callTotals,
  type CallLogCursor,
  type CallLogFilter,
} from "~/domain/call-log";
import type { SessionUser } from "~/domain/auth";
import type { Backend } from "~/backend/port.server";
import type { PersonPick } from "~/domain/person-choice";
import { choosePerson } from "~/features/people/person-choice.server";

/**
 * The filter the address asks for. An administrator's ?interpreter= is what was typed in the person field (or an id):
 * `unmatched` when it names nobody, or several people — then nothing is shown rather than everyone's calls.
 */
async function filterFor(backend: Backend, user: SessionUser, url: URL): Promise<{ filter: CallLogFilter; unmatched: PersonPick | null }> {
  const asked = callLogFilterFrom(url);
  if (user.role !== "admin") return { filter: { ...asked, interpreterId: user.id }, unmatched: null };
  const typed = (url.searchParams.get("interpreter") ?? "").trim();
  if (!typed) return { filter: { ...asked, interpreterId: null }, unmatched: null };
  const pick = await choosePerson(backend, typed);
  return pick.ok ? { filter: { ...asked, interpreterId: pick.person.id }, unmatched: null } : { filter: { ...asked, interpreterId: null }, unmatched: pick };
}

/** One page of the log (after ?before=), the totals over the whole filter, and the cursor of the next page, if any. */
export async function readCallLog(backend: Backend, user: SessionUser, url: URL) {
  const { filter, unmatched } = await filterFor(backend, user, url);
  if (unmatched) return { filter, unmatched, entries: [], totals: callTotals({ calls: 0, answered: 0, talkMs: 0, medianWaitMs: null }), older: null };
  // One more than a page: whether there is a next page, without counting.
  const [rows, totals] = await Promise.all([backend.calls.page(filter, callLogCursorFrom(url), CALL_LOG_PAGE_SIZE + 1), backend.calls.totals(filter)]);
  const entries = rows.slice(0, CALL_LOG_PAGE_SIZE);
  const older = rows.length > CALL_LOG_PAGE_SIZE ? callLogCursorParam(entries.at(-1)!) : null;
  return { filter, unmatched: null, entries, totals, older };
}

/** Every call the filter matches as CSV, read and sent in chunks: a year of calls never sits in memory at once. */
export function callLogCsvStream(backend: Backend, user: SessionUser, url: URL): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let filter: CallLogFilter | null = null;
  let after: CallLogCursor | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!filter) {
        const asked = await filterFor(backend, user, url);
        // A typed interpreter who names nobody (or several people): the header alone, as the page shows no call.
        if (asked.unmatched) {
          controller.enqueue(encoder.encode(callLogCsv([], { header: true })));
          return controller.close();
        }
        filter = asked.filter;
      }
      const chunk = await backend.calls.page(filter, after, CALL_LOG_CHUNK);
      const text = callLogCsv(chunk, { header: first });
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (chunk.length < CALL_LOG_CHUNK) return controller.close();
      after = { requestedAt: chunk.at(-1)!.requestedAt, id: chunk.at(-1)!.id };
    },
  });
}

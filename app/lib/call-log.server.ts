// The call log as staff read it (issue 14): administrators every call, with any filter; an interpreter only their
// own calls, whatever the address asks for. Shared by the log's page and its CSV export.
import { callLogFilterFrom, type CallLogEntry, type CallLogFilter } from "~/domain/call-log";
import type { SessionUser } from "~/domain/auth";
import type { Backend } from "~/backend/port.server";

/** The most calls one page or export reads. */
export const CALL_LOG_LIMIT = 1000;

export async function readCallLog(backend: Backend, user: SessionUser, url: URL): Promise<{ filter: CallLogFilter; entries: CallLogEntry[] }> {
  const asked = callLogFilterFrom(url);
  const filter = user.role === "admin" ? asked : { ...asked, interpreterId: user.id };
  return { filter, entries: await backend.calls.list(filter, CALL_LOG_LIMIT) };
}

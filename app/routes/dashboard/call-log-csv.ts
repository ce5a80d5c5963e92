// /Dashboard/Calls/export — the call log as CSV (issue 14), with the page's filters; an interpreter gets their own.
import { callLogCsvStream } from "~/features/calls/call-log.server";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import type { Route } from "./+types/call-log-csv";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  // Streamed chunk by chunk: every matching call, however many (issue 23: it stopped at 1,000 before).
  return new Response(callLogCsvStream(appContext(args.context).backend, user, new URL(args.request.url)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="push-call-log.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}

// /Dashboard/Calls/export — the call log as CSV (issue 14), with the page's filters; an interpreter gets their own.
import { callLogCsv } from "~/domain/call-log";
import { readCallLog } from "~/lib/call-log.server";
import { appContext } from "~/lib/context.server";
import { requireUser } from "~/lib/guards.server";
import type { Route } from "./+types/call-log-csv";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { entries } = await readCallLog(appContext(args.context).backend, user, new URL(args.request.url));
  return new Response(callLogCsv(entries), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="push-call-log.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}

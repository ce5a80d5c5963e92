// /Dashboard/Pay/export — every interpreter's monthly statement as CSV, for the accountant (admins; issue 26, build
// item 6); ?month=YYYY-MM: that month's only, as the Pay page shows them.
import { payCsvStream } from "~/features/pay/pay-csv.server";
import { monthParam } from "~/features/pay/statements.server";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import type { Route } from "./+types/pay-csv";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const month = monthParam(args.url);
  return new Response(payCsvStream(appContext(args.context).backend, month), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="push-pay${month ? `-${month}` : ""}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

// /Dashboard/Invoices/payments.csv — every payment received as CSV, for the accountant (admins; issue 26, build item 6).
import { paymentsCsvStream } from "~/features/billing/invoices-csv.server";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import type { Route } from "./+types/payments-csv";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return new Response(paymentsCsvStream(appContext(args.context).backend), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="push-payments.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}

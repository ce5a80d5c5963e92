// /Dashboard/Invoices/export — every invoice as CSV, for the accountant (admins; issue 26, build item 6).
import { invoicesCsvStream } from "~/features/billing/invoices-csv.server";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import type { Route } from "./+types/invoices-csv";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return new Response(invoicesCsvStream(appContext(args.context).backend), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="push-invoices.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}

// The allowed requests of what billing reads (issue 26; app/backend/supabase/invoices.server.ts unbilled and list,
// rates.server.ts forPricing). Extensions beyond SPEC §7, all with the service-role key: an admin reads them through the
// worker, after the route has checked the admin guard. Each is ONE call of a SQL function of
// supabase/migrations/20261204000200_push_billing_reads.sql.
import { INVOICES_PAGE_SIZE, UNBILLED_AT_ONCE } from "../../../app/backend/port-invoices.server";
import { is, type RestShape, type ValueCheck } from "./match";

const BILLING = "billing reads (issue 26)";
const MIGRATION = "supabase/migrations/20261204000200_push_billing_reads.sql";

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${BILLING}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const BILLING_READ_SHAPES: RestShape[] = [
  rpc("push_unbilled_work", "the work to bill and no item yet, oldest first, UNBILLED_AT_ONCE of each kind", {
    // The company's late-cancellation window in whole hours.
    p_late_hours: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    p_limit: is.literal(UNBILLED_AT_ONCE),
  }),
  rpc("push_invoices_page", "one page (INVOICES_PAGE_SIZE) of the invoices, newest first, with the total", {
    p_page_size: is.literal(INVOICES_PAGE_SIZE),
    p_offset: (value) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) % INVOICES_PAGE_SIZE === 0,
  }),
  rpc("push_rate_lines_for_pricing", "every line of one side, by id, for pricing", { p_side: is.literal("bill", "pay") }),
];

// The allowed requests of the customer portal's reads (issue 27; app/backend/supabase/portal.server.ts). Extensions
// beyond SPEC §7, all with the service-role key: a requester reads them through the worker after requireCustomer, which
// gives the organisation id. Each is ONE call of a SQL function of supabase/migrations/20261205001200_push_customer_portal.sql
// (the messages' list: 20261205001700_push_portal_messages.sql).
import { PORTAL_PAGE_SIZE } from "../../../app/backend/port-portal.server";
import { is, type RestShape, type ValueCheck } from "./match";

const PORTAL = "customer portal (issue 27)";
const MIGRATION = "supabase/migrations/20261205001200_push_customer_portal.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const offset: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) % PORTAL_PAGE_SIZE === 0;
const page = { p_limit: is.literal(PORTAL_PAGE_SIZE), p_offset: offset };

const rpc = (name: string, why: string, required: Record<string, ValueCheck>, migration = MIGRATION): RestShape => ({
  id: `rpc.${name}`,
  extension: `${PORTAL}: ${why} (${migration} public.${name}, the organisation in the same statement, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const PORTAL_SHAPES: RestShape[] = [
  rpc("push_portal_orders", "one page of an organisation's proven orders, newest first, with the total; search or number", {
    p_organisation: positive,
    p_search: is.string,
    p_order_id: is.nullable(positive),
    ...page,
  }),
  rpc("push_portal_order", "one of an organisation's proven orders with its files, thread and history", { p_organisation: positive, p_id: positive }),
  rpc("push_portal_appointments", "one page of an organisation's upcoming or past appointments, with the total; search or number", {
    p_organisation: positive,
    p_search: is.string,
    p_appointment_id: is.nullable(positive),
    p_upcoming: (value) => typeof value === "boolean",
    p_now: positive,
    ...page,
  }),
  rpc("push_portal_appointment", "one of an organisation's appointments", { p_organisation: positive, p_id: positive }),
  rpc("push_portal_invoices", "one page of an organisation's issued invoices, newest first, with what is open per currency", {
    p_organisation: positive,
    ...page,
  }),
  rpc("push_portal_invoice", "one of an organisation's issued invoices", { p_organisation: positive, p_id: positive }),
  rpc(
    "push_portal_messages",
    "one page of the messages of an organisation's proven orders, newest first, with the total; search or number",
    { p_organisation: positive, p_search: is.string, p_order_id: is.nullable(positive), ...page },
    "supabase/migrations/20261205001700_push_portal_messages.sql",
  ),
];

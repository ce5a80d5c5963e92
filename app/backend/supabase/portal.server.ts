// The customer portal's reads on Supabase (issue 27; supabase/migrations/20261205001200_push_customer_portal.sql), with
// the service-role client after requireCustomer. Each is ONE call of a function that takes the organisation id and
// joins customers.organisation_id in the statement that reads the rows, as d1/portal.server.ts does; both are held to
// tests/port-contract/portal-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { PORTAL_PAGE_SIZE, type CustomerPortalStore } from "~/backend/port-portal.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import {
  toInvoice,
  toInvoiceSummary,
  type BillableItemRow,
  type CreditNoteRow,
  type InvoiceLinkRow,
  type InvoiceRow,
  type InvoiceSummaryRow,
  type PaymentRow,
} from "~/backend/rows/billing.server";
import {
  int,
  toOrderDetail,
  toOrderSummary,
  toPortalMessage,
  type OrderDetailParts,
  type OrderDetailRow,
  type OrderSummaryRow,
  type PortalMessageRow,
} from "~/backend/rows/order.server";
import { orderIdOf } from "~/domain/order-records";
import { pageCountOf } from "~/domain/paging";
import { appointmentIdOf } from "~/domain/portal";
import { check } from "./clients.server";

type Num = number | string;
type Page<T> = { total: Num; items: T[] };
type InvoiceAnswer = InvoiceRow & { items: BillableItemRow[]; link: InvoiceLinkRow | null; payments: PaymentRow[]; credits: CreditNoteRow[] };

const offsetOf = (page: number) => (Math.max(1, page) - 1) * PORTAL_PAGE_SIZE;
const pageOf = <T>(items: T[], total: Num, page: number) => ({ items, total: int(total), page, pageCount: pageCountOf(int(total), PORTAL_PAGE_SIZE) });

export function supabasePortalStore(service: SupabaseClient): CustomerPortalStore {
  return {
    async orders(organisationId, { search, page }) {
      const answer = check<Page<OrderSummaryRow & { targets: string[] }>>(
        await service.rpc("push_portal_orders", {
          p_organisation: organisationId,
          p_search: search.trim(),
          p_order_id: orderIdOf(search),
          p_limit: PORTAL_PAGE_SIZE,
          p_offset: offsetOf(page),
        }),
      );
      return pageOf(
        answer.items.map((row) => toOrderSummary(row, row.targets)),
        answer.total,
        page,
      );
    },

    async order(organisationId, id) {
      const answer = check<(OrderDetailRow & OrderDetailParts) | null>(await service.rpc("push_portal_order", { p_organisation: organisationId, p_id: id }));
      return answer ? toOrderDetail(answer, answer) : null;
    },

    async appointments(organisationId, { search, page, when, now }) {
      const answer = check<Page<AppointmentRow>>(
        await service.rpc("push_portal_appointments", {
          p_organisation: organisationId,
          p_search: search.trim(),
          p_appointment_id: appointmentIdOf(search),
          p_upcoming: when === "upcoming",
          p_now: now,
          p_limit: PORTAL_PAGE_SIZE,
          p_offset: offsetOf(page),
        }),
      );
      return pageOf(answer.items.map(toAppointment), answer.total, page);
    },

    async appointment(organisationId, id) {
      const row = check<AppointmentRow | null>(await service.rpc("push_portal_appointment", { p_organisation: organisationId, p_id: id }));
      return row ? toAppointment(row) : null;
    },

    async invoices(organisationId, { page }) {
      const answer = check<Page<InvoiceSummaryRow> & { open: { currency: string; open_minor: Num }[] }>(
        await service.rpc("push_portal_invoices", { p_organisation: organisationId, p_limit: PORTAL_PAGE_SIZE, p_offset: offsetOf(page) }),
      );
      const open = answer.open.map((row) => ({ currency: row.currency, openMinor: int(row.open_minor) }));
      return { ...pageOf(answer.items.map(toInvoiceSummary), answer.total, page), open };
    },

    async invoice(organisationId, id) {
      const row = check<InvoiceAnswer | null>(await service.rpc("push_portal_invoice", { p_organisation: organisationId, p_id: id }));
      return row ? toInvoice(row, row) : null;
    },

    async messages(organisationId, { search, page }) {
      const answer = check<Page<PortalMessageRow>>(
        await service.rpc("push_portal_messages", {
          p_organisation: organisationId,
          p_search: search.trim(),
          p_order_id: orderIdOf(search),
          p_limit: PORTAL_PAGE_SIZE,
          p_offset: offsetOf(page),
        }),
      );
      return pageOf(answer.items.map(toPortalMessage), answer.total, page);
    },
  };
}

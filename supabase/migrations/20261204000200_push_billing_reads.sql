-- What billing reads (issue 26, build items 1-3; docs/decisions/0037): the work there is to bill and no item yet, a
-- page of the invoices with their customer and the count and sum of their items, and every rate line of a side for
-- pricing. The same queries as D1's app/backend/d1/invoices.server.ts (unbilled, list) and d1/rates.server.ts
-- (forPricing): the same filters, order and limits. Re-runnable.
--
-- Each read is ONE call of a function below; only the service role may call them (an admin acts through the worker,
-- after the route has checked the admin guard). SECURITY INVOKER (the default) on purpose, as the other push_*
-- functions: they run as the service role that calls them.
--
-- Indexes: the queries are served by those already there, so none is added. The appointments by status and start
-- (appointments_status_starts_idx: the completed and the cancelled ones, in start order), a record by its appointment
-- (its primary key), an item by its source (billable_items_source_key: the NOT EXISTS of each), the completed orders
-- (orders_status_created_idx, by its status), a quote by its order (its primary key), an order's events
-- (order_events_order_idx), an invoice's items (billable_items_invoice_idx), the invoices newest first (their primary
-- key) and a side's lines (rate_lines_list_idx, by its side).

-- What there is to bill and no item yet (app/backend/rows/billing.server.ts UnbilledAppointmentRow and
-- UnbilledOrderRow): { appointments: [...], orders: [...] }, at most p_limit of each.
--   appointments  completed with an approved record, or cancelled by the customer less than p_late_hours before the
--                 start; none with an item of source 'appointment:<id>'; by start, then id; each with its record's
--                 columns beside it (all null when it has none).
--   orders        completed, with a quote, none with an item of source 'order:<id>'; completed_at is the latest of
--                 their events into 'completed'; by it, then id (an order completed without such an event — written
--                 by hand — comes first, as SQLite sorts a null, and D1 would answer it too).
create or replace function public.push_unbilled_work(p_late_hours integer, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with due_appointments as (
    select a.id, a.customer_id, a.mode, a.language_id, a.starts_at, a.created_at, a.status, a.cancelled_at, a.cancelled_by,
           r.appointment_id, r.actual_start, r.actual_end, r.travel_minutes, r.no_show, r.recorded_by, r.recorded_at,
           r.approved_by, r.approved_at
    from public.appointments a
    left join public.appointment_records r on r.appointment_id = a.id
    where ((a.status = 'completed' and r.approved_at is not null)
           or (a.status = 'cancelled' and a.cancelled_by = 'customer'
               and a.cancelled_at > a.starts_at - pg_catalog.make_interval(hours => p_late_hours)))
      and not exists (select 1 from public.billable_items b where b.source = 'appointment:' || a.id::text)
    order by a.starts_at, a.id
    limit p_limit
  ),
  due_orders as (
    select o.id, o.customer_id, q.amount_minor, q.currency,
           (select pg_catalog.max(e.at) from public.order_events e where e.order_id = o.id and e.to_status = 'completed') as completed_at
    from public.orders o
    join public.order_quotes q on q.order_id = o.id
    where o.status = 'completed'
      and not exists (select 1 from public.billable_items b where b.source = 'order:' || o.id::text)
    order by completed_at nulls first, o.id
    limit p_limit
  )
  select pg_catalog.jsonb_build_object(
    'appointments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.starts_at, d.id) from due_appointments d
    ), '[]'::jsonb),
    'orders', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.completed_at nulls first, d.id) from due_orders d
    ), '[]'::jsonb));
$$;

-- One page of the invoices, newest first, with the total: { total, items: [the invoice's columns (InvoiceSummaryRow),
-- with its customer's name and e-mail, and the count and sum of its items (0 and 0 when it has none)] }.
create or replace function public.push_invoices_page(p_page_size integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with page as (
    select i.* from public.invoices i
    order by i.id desc
    limit p_page_size offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from public.invoices),
    'items', coalesce((
      select pg_catalog.jsonb_agg(
        pg_catalog.to_jsonb(p) || pg_catalog.jsonb_build_object(
          'customer_name', c.name,
          'customer_email', c.email,
          'item_count', (select pg_catalog.count(*) from public.billable_items b where b.invoice_id = p.id),
          'items_minor', (select coalesce(pg_catalog.sum(b.amount_minor), 0)::bigint from public.billable_items b where b.invoice_id = p.id))
        order by p.id desc)
      from page p
      join public.customers c on c.id = p.customer_id
    ), '[]'::jsonb));
$$;

-- Every line of side p_side (their columns: RateLineRow), by id: a rate card holds tens or hundreds of lines, never
-- edited, and pricing chooses among them by party, language and day.
create or replace function public.push_rate_lines_for_pricing(p_side text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) order by r.id), '[]'::jsonb)
  from public.rate_lines r
  where r.side = p_side;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_unbilled_work(integer, integer),
  public.push_invoices_page(integer, integer),
  public.push_rate_lines_for_pricing(text)
  from public, anon, authenticated;
grant execute on function
  public.push_unbilled_work(integer, integer),
  public.push_invoices_page(integer, integer),
  public.push_rate_lines_for_pricing(text)
  to service_role;

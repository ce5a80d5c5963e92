-- The customer portal's reads (issue 27 build item 2, docs/decisions/0040): what a requester sees of their
-- organisation's orders, appointments and invoices on /Account. Two ways in, both scoped to one organisation:
--   * the worker's: service-role functions that take the organisation id and check it in the same statement that
--     reads the rows (a join on customers.organisation_id), so another organisation's id answers nothing;
--   * a requester's own token: select policies on orders, appointments and invoices admitting the rows of their
--     organisation's customers (private.organisation_of_caller()); column grants stay as they are (no link hashes,
--     no internal note).
-- What a requester owns: orders whose address was proven (identity_verified_at, issue 22), every appointment, and
-- issued invoices (a draft is staff's). The same rules as D1's app/backend/d1/portal.server.ts. Re-runnable.

-- Whether a customer is of the signed-in requester's organisation. SECURITY DEFINER, so that the policies below read
-- customers as its owner, without the customers table's own policies being evaluated inside theirs.
create or replace function private.is_customer_of_caller(p_customer_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.customers c
    where c.id = p_customer_id and c.organisation_id = (select private.organisation_of_caller()));
$$;
revoke all on function private.is_customer_of_caller(bigint) from public, anon;
grant execute on function private.is_customer_of_caller(bigint) to authenticated;

drop policy if exists "orders: requesters their organisation's proven" on public.orders;
create policy "orders: requesters their organisation's proven" on public.orders
  for select to authenticated using (identity_verified_at is not null and private.is_customer_of_caller(customer_id));
drop policy if exists "appointments: requesters their organisation's" on public.appointments;
create policy "appointments: requesters their organisation's" on public.appointments
  for select to authenticated using (private.is_customer_of_caller(customer_id));
drop policy if exists "invoices: requesters their organisation's issued" on public.invoices;
create policy "invoices: requesters their organisation's issued" on public.invoices
  for select to authenticated using (status = 'issued' and private.is_customer_of_caller(customer_id));

-- ─── The worker's reads (service role only) ──────────────────────────────────────────────────────────────────────

-- One page of the organisation's proven orders, newest first, and how many match: the search reads the requester's
-- name and company and the service (any part, any case), or p_order_id is the order's number.
create or replace function public.push_portal_orders(p_organisation bigint, p_search text, p_order_id bigint, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select o.id, o.created_at from public.orders o
    join public.customers c on c.id = o.customer_id and c.organisation_id = p_organisation
    where o.identity_verified_at is not null
      and (coalesce(p_search, '') = ''
        or o.requester_name ilike private.push_like_pattern(p_search)
        or o.requester_company ilike private.push_like_pattern(p_search)
        or o.service_title ilike private.push_like_pattern(p_search)
        or o.id = p_order_id)
  ), page as (
    select m.id, m.created_at from matching m order by m.created_at desc, m.id desc limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(private.push_order_summary(p.id) order by p.created_at desc, p.id desc) from page p), '[]'::jsonb));
$$;

-- One of the organisation's proven orders with its files, thread and history (the internal note left out), or null.
create or replace function public.push_portal_order(p_organisation bigint, p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_order_detail(o.id) || pg_catalog.jsonb_build_object('internal_note', '')
  from public.orders o
  join public.customers c on c.id = o.customer_id and c.organisation_id = p_organisation
  where o.id = p_id and o.identity_verified_at is not null;
$$;

-- One page of the organisation's appointments: upcoming (starting at p_now or later, soonest first) or past (latest
-- first); the search reads the contact's name and the language, or p_appointment_id is its number.
create or replace function public.push_portal_appointments(
  p_organisation bigint, p_search text, p_appointment_id bigint, p_upcoming boolean, p_now bigint, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select a.id, a.starts_at from public.appointments a
    join public.customers c on c.id = a.customer_id and c.organisation_id = p_organisation
    where (a.starts_at >= pg_catalog.to_timestamp(p_now / 1000.0)) = p_upcoming
      and (coalesce(p_search, '') = ''
        or a.contact_name ilike private.push_like_pattern(p_search)
        or a.language ilike private.push_like_pattern(p_search)
        or a.id = p_appointment_id)
  ), page as (
    select m.id, m.starts_at from matching m
    order by case when p_upcoming then m.starts_at end, case when p_upcoming then m.id end,
      m.starts_at desc, m.id desc
    limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(private.push_appointment(p.id)
      order by case when p_upcoming then p.starts_at end, case when p_upcoming then p.id end, p.starts_at desc, p.id desc) from page p), '[]'::jsonb));
$$;

-- One of the organisation's appointments (private.push_appointment), or null.
create or replace function public.push_portal_appointment(p_organisation bigint, p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_appointment(a.id)
  from public.appointments a
  join public.customers c on c.id = a.customer_id and c.organisation_id = p_organisation
  where a.id = p_id;
$$;

-- One page of the organisation's issued invoices, newest first, with what is still open over all of them per currency.
create or replace function public.push_portal_invoices(p_organisation bigint, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with theirs as (
    select i.*, c.name as customer_name, c.email as customer_email,
      (select coalesce(pg_catalog.sum(x.amount_minor), 0)::bigint from public.invoice_payments x where x.invoice_id = i.id) as paid_minor,
      (select coalesce(pg_catalog.sum(n.amount_minor), 0)::bigint from public.credit_notes n where n.invoice_id = i.id) as credited_minor
    from public.invoices i
    join public.customers c on c.id = i.customer_id and c.organisation_id = p_organisation
    where i.status = 'issued'
  ), page as (
    select * from theirs t order by t.issued_at desc, t.id desc limit p_limit offset p_offset
  ), open as (
    select t.currency, pg_catalog.sum(greatest(0, coalesce(t.total_minor, 0) - t.paid_minor - t.credited_minor))::bigint as open_minor
    from theirs t group by t.currency
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from theirs),
    'items', coalesce((
      select pg_catalog.jsonb_agg(
        pg_catalog.to_jsonb(p) || pg_catalog.jsonb_build_object(
          'item_count', (select pg_catalog.count(*) from public.billable_items b where b.invoice_id = p.id),
          'items_minor', (select coalesce(pg_catalog.sum(b.amount_minor), 0)::bigint from public.billable_items b where b.invoice_id = p.id),
          'sent_at', (select l.sent_at from public.invoice_links l where l.invoice_id = p.id))
        order by p.issued_at desc, p.id desc)
      from page p), '[]'::jsonb),
    'open', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('currency', o.currency, 'open_minor', o.open_minor) order by o.currency)
      from open o where o.open_minor > 0), '[]'::jsonb));
$$;

-- One of the organisation's issued invoices (push_invoice's JSON), or null.
create or replace function public.push_portal_invoice(p_organisation bigint, p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.push_invoice(i.id)
  from public.invoices i
  join public.customers c on c.id = i.customer_id and c.organisation_id = p_organisation
  where i.id = p_id and i.status = 'issued';
$$;

revoke all on function
  public.push_portal_orders(bigint, text, bigint, integer, integer),
  public.push_portal_order(bigint, bigint),
  public.push_portal_appointments(bigint, text, bigint, boolean, bigint, integer, integer),
  public.push_portal_appointment(bigint, bigint),
  public.push_portal_invoices(bigint, integer, integer),
  public.push_portal_invoice(bigint, bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_portal_orders(bigint, text, bigint, integer, integer),
  public.push_portal_order(bigint, bigint),
  public.push_portal_appointments(bigint, text, bigint, boolean, bigint, integer, integer),
  public.push_portal_appointment(bigint, bigint),
  public.push_portal_invoices(bigint, integer, integer),
  public.push_portal_invoice(bigint, bigint)
  to service_role;

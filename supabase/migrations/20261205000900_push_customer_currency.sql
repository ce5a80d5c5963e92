-- A billing currency per customer (issue 26, build item 3: "a currency per customer (default USD)"): what "Bill work"
-- prices their appointments and calls in (rate lines in that currency) and what "New draft" drafts in. Orders keep
-- their accepted quote's own currency; interpreters are paid in the company's. Every customer who exists bills in USD
-- until an admin sets theirs on the customer's page. The D1 counterpart is migrations/0033_customer_currency.sql.
-- Re-runnable. RLS unchanged: admins read customers (the new column with the rest), only the worker writes.
alter table public.customers add column if not exists currency text not null default 'USD'
  constraint customers_currency_check check (currency ~ '^[A-Z]{3}$');

-- An admin sets a customer's currency (the route has checked it against the currencies the product offers; the CHECK
-- keeps the shape). True when the customer exists. Only the worker's service-role key may call it.
create or replace function public.push_set_customer_currency(p_id bigint, p_currency text)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with changed as (update public.customers set currency = p_currency where id = p_id returning 1)
  select exists (select 1 from changed);
$$;
revoke all on function public.push_set_customer_currency(bigint, text) from public, anon, authenticated;
grant execute on function public.push_set_customer_currency(bigint, text) to service_role;

-- private.push_customer_summary (20261130000000_push_search_and_customer_totals.sql) with the customer's currency.
create or replace function private.push_customer_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'company', c.company, 'created_at', c.created_at,
    'currency', c.currency,
    'order_count', c.order_count,
    'last_order_at', c.last_order_at,
    'accepted_value', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('currency', v.currency, 'amount_minor', v.amount_minor) order by v.currency)
      from (
        select q.currency, pg_catalog.sum(q.amount_minor) as amount_minor
        from public.orders o join public.order_quotes q on q.order_id = o.id
        where o.customer_id = c.id and o.identity_verified_at is not null and o.status in ('accepted', 'in_progress', 'delivered', 'completed')
        group by q.currency
      ) v), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

-- push_unbilled_work (20261205000400_push_call_customers.sql) answering each appointment's and call's customer
-- currency beside it (currency), as D1's unbilled() reads it: billing prices the work in it.
create or replace function public.push_unbilled_work(p_late_hours integer, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with due_appointments as (
    select a.id, a.customer_id, cu.currency, a.mode, a.language_id, a.starts_at, a.created_at, a.status, a.cancelled_at,
           a.cancelled_by, r.appointment_id, r.actual_start, r.actual_end, r.travel_minutes, r.no_show, r.recorded_by, r.recorded_at,
           r.approved_by, r.approved_at
    from public.appointments a
    join public.customers cu on cu.id = a.customer_id
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
  ),
  due_calls as (
    select c.id, c.customer_id, cu.currency, c.language_id, c.answered_at, c.ended_at
    from public.call_log c
    join public.customers cu on cu.id = c.customer_id
    where c.customer_id is not null and c.outcome = 'answered'
      and not exists (select 1 from public.billable_items b where b.source = 'call:' || c.id)
    order by c.answered_at, c.id
    limit p_limit
  )
  select pg_catalog.jsonb_build_object(
    'appointments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.starts_at, d.id) from due_appointments d
    ), '[]'::jsonb),
    'orders', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.completed_at nulls first, d.id) from due_orders d
    ), '[]'::jsonb),
    'calls', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.answered_at, d.id) from due_calls d
    ), '[]'::jsonb));
$$;

revoke all on function public.push_unbilled_work(integer, integer) from public, anon, authenticated;
grant execute on function public.push_unbilled_work(integer, integer) to service_role;

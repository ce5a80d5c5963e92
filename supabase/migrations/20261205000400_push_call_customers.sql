-- Calls that belong to a customer (issue 26, build item 2): a staff member's call link may name the customer the call
-- is billed to, and the call log keeps it; billing reads a customer's answered calls as work to bill. The D1
-- counterpart is migrations/0029_call_customers.sql. Re-runnable.
--
-- No foreign key, like the log's other ids (20261128000100_push_call_log_without_foreign_keys.sql): a call is logged
-- after it ends and its line is never refused. Billing reads a call's customer through a join, so an id that named
-- nobody bills nobody. The column is the worker's to write, as the rest of the log (RLS unchanged: admins read every
-- row, an interpreter the calls they answered).
alter table public.call_log add column if not exists customer_id bigint;

-- What "Bill work" reads: a customer's answered calls, in the order they were answered.
create index if not exists call_log_billable_idx on public.call_log (answered_at, id) where customer_id is not null and outcome = 'answered';

-- push_unbilled_work (20261204000200_push_billing_reads.sql) with a third list, as D1's unbilled() reads it:
--   calls  answered, with a customer who exists, none with an item of source 'call:<id>'; by when they were
--          answered, then id; at most p_limit.
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
  ),
  due_calls as (
    select c.id, c.customer_id, c.language_id, c.answered_at, c.ended_at
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

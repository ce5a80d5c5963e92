-- The reports with interpreter cost (issue 26, build item 7; docs/decisions/0038, 0039): push_report
-- (20261205000510_push_reports.sql) answers one more list, the same as D1's app/backend/d1/reports.server.ts:
--   cost   the amounts of interpreters' pay lines (pay_items, 20261205000600_push_pay_statements.sql, paid or not) by
--          the month of their work, in each currency, for the months of [p_first_day, p_last_day] (pay_items_month_idx)
-- The margin (revenue less cost) is the page's to work out. Re-runnable.

create or replace function public.push_report(
  p_first_day   date,
  p_last_day    date,
  p_months      jsonb,
  p_top         integer,
  p_unneeded_ms bigint
)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with items as (
    select b.currency, b.customer_id, b.language_id, b.work_day, b.amount_minor
    from public.billable_items b
    join public.invoices i on i.id = b.invoice_id and i.status = 'issued'
    where b.work_day between p_first_day and p_last_day
  ),
  months as (
    select m.position, m.value ->> 'month' as month,
           pg_catalog.to_timestamp((m.value ->> 'from')::bigint / 1000.0) as starts,
           pg_catalog.to_timestamp((m.value ->> 'until')::bigint / 1000.0) as ends
    from pg_catalog.jsonb_array_elements(p_months) with ordinality as m(value, position)
  ),
  by_month as (
    select pg_catalog.to_char(x.work_day, 'YYYY-MM') as month, x.currency, pg_catalog.sum(x.amount_minor)::bigint as amount_minor
    from items x group by 1, 2
  ),
  ranked as (
    select p.*, pg_catalog.row_number() over (partition by p.currency order by p.amount desc, p.customer_id) as place
    from (select x.currency, x.customer_id, pg_catalog.sum(x.amount_minor)::bigint as amount from items x group by 1, 2) p
  ),
  by_customer as (
    select r.currency, case when r.place <= p_top then r.customer_id end as customer_id,
           pg_catalog.min(case when r.place <= p_top then c.name end) as customer_name,
           pg_catalog.sum(r.amount)::bigint as amount_minor, pg_catalog.count(*)::integer as customers, pg_catalog.min(r.place) as place
    from ranked r join public.customers c on c.id = r.customer_id
    group by 1, 2
  ),
  by_language as (
    select x.currency, l.id as language_id, pg_catalog.min(l.name) as language, pg_catalog.sum(x.amount_minor)::bigint as amount_minor
    from items x left join public.languages l on l.id = x.language_id
    group by 1, 2
  ),
  filled as (
    select m.position, m.month, pg_catalog.count(a.id)::integer as counted, pg_catalog.count(a.interpreter_id)::integer as filled
    from months m
    left join public.appointments a on a.starts_at >= m.starts and a.starts_at < m.ends
      and not (a.status = 'cancelled' and a.cancelled_at is not null
               and a.cancelled_at <= a.starts_at - pg_catalog.make_interval(secs => p_unneeded_ms / 1000.0))
    group by 1, 2
  ),
  cost as (
    select p.month, p.currency, pg_catalog.sum(p.amount_minor)::bigint as amount_minor
    from public.pay_items p
    where p.month between pg_catalog.to_char(p_first_day, 'YYYY-MM') and pg_catalog.to_char(p_last_day, 'YYYY-MM')
    group by 1, 2
  ),
  calls as (
    select m.position, m.month, pg_catalog.count(l.id)::integer as calls,
           pg_catalog.count(l.id) filter (where l.outcome = 'answered')::integer as answered
    from months m
    left join public.call_log l on l.requested_at >= m.starts and l.requested_at < m.ends
    group by 1, 2
  )
  select pg_catalog.jsonb_build_object(
    'revenue_by_month', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) order by r.month, r.currency), '[]'::jsonb) from by_month r),
    'revenue_by_customer', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) - 'place' order by r.currency, r.place), '[]'::jsonb) from by_customer r),
    'revenue_by_language', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r)
        order by r.currency, r.amount_minor desc, r.language_id is null, r.language_id), '[]'::jsonb) from by_language r),
    'cost_by_month', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) order by r.month, r.currency), '[]'::jsonb) from cost r),
    'appointments', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('month', r.month, 'counted', r.counted, 'filled', r.filled)
        order by r.position), '[]'::jsonb) from filled r),
    'calls', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('month', r.month, 'calls', r.calls, 'answered', r.answered)
        order by r.position), '[]'::jsonb) from calls r)
  );
$$;

revoke all on function public.push_report(date, date, jsonb, integer, bigint) from public, anon, authenticated;
grant execute on function public.push_report(date, date, jsonb, integer, bigint) to service_role;

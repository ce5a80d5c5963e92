-- The language of each billable item, for the reports' revenue by language (issue 26, build item 7; docs/decisions/
-- 0038). Null when the work has none (an order is billed at its quote, whatever its languages). Kept as a number, as
-- rate_line_id is: a language deleted later must not rewrite an issued invoice's items (their trigger refuses any
-- change), so there is no foreign key; the report names a language it no longer finds "Other/none". The same change as
-- D1's migrations/0030_billable_item_languages.sql. Re-runnable.

alter table public.billable_items add column if not exists language_id bigint;

-- The items made before: their language from their source, the appointment's or the call's. Filling in a column that
-- did not exist changes no figure of an issued invoice, so the guard is off for these statements only (one
-- transaction: nobody sees it off).
alter table public.billable_items disable trigger billable_items_billed_never_change;
update public.billable_items b set language_id = a.language_id
  from public.appointments a
  where b.source ~ '^appointment:[0-9]{1,18}$' and a.id = pg_catalog.substr(b.source, 13)::bigint and b.language_id is null;
update public.billable_items b set language_id = l.language_id
  from public.call_log l
  where b.source like 'call:%' and l.id = pg_catalog.substr(b.source, 6) and b.language_id is null;
alter table public.billable_items enable trigger billable_items_billed_never_change;

-- The reports read a period's items by their day (then keep those of issued invoices).
create index if not exists billable_items_work_day_idx on public.billable_items (work_day, invoice_id);

-- push_add_billable_items as before, with each item's language_id (absent or null: none).
create or replace function public.push_add_billable_items(p_items jsonb, p_now bigint)
returns integer
language sql
volatile
set search_path = ''
as $$
  with added as (
    insert into public.billable_items (source, customer_id, work_day, currency, amount_minor, rate_line_id, language_id, computation, created_at)
    select e.value ->> 'source', (e.value ->> 'customer_id')::bigint, (e.value ->> 'work_day')::date, e.value ->> 'currency',
           (e.value ->> 'amount_minor')::bigint, (e.value ->> 'rate_line_id')::bigint, (e.value ->> 'language_id')::bigint,
           e.value -> 'computation', pg_catalog.to_timestamp(p_now / 1000.0)
    from pg_catalog.jsonb_array_elements(p_items) with ordinality as e(value, position)
    order by e.position
    on conflict (source) do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer from added;
$$;

revoke all on function public.push_add_billable_items(jsonb, bigint) from public, anon, authenticated;
grant execute on function public.push_add_billable_items(jsonb, bigint) to service_role;

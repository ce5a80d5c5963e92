-- Interpreters' pay (issue 26, build item 6; docs/decisions/0039): a pay item per piece of work (made once, keyed by its
-- source like a billable item), read as one statement per interpreter per month (the month of the item's day on the
-- company's calendar), and the payouts: each time an admin marks a statement paid, the statement's items not paid yet
-- take the payout, in the same transaction, only where the statement still has the items and the amount the admin's
-- page showed. An item made after that is still to pay. The same model as D1's migrations/0031_pay_statements.sql.
-- Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked the
-- guard: an interpreter's pages ask only for the signed-in user's own statements):
--   pay_items, pay_payouts   admins read every row; an interpreter reads their own (interpreter_id = auth.uid());
--                            nobody writes
--   anon                     nothing at all
-- Each change is ONE call of a function below (one transaction); only the service role may call them.

-- ─── The tables ────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.pay_payouts (
  id             bigint generated always as identity primary key,
  -- Money paid is kept: an interpreter with payouts is not deleted (their account is locked instead).
  interpreter_id uuid not null references public.users (id) on delete restrict,
  month          text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount_minor   bigint not null check (amount_minor >= 0),
  item_count     integer not null check (item_count >= 1),
  paid_by        text not null,
  paid_at        timestamptz not null
);
create index if not exists pay_payouts_statement_idx on public.pay_payouts (interpreter_id, month, id);

create table if not exists public.pay_items (
  id             bigint generated always as identity primary key,
  -- Where the work came from ("appointment:12", "call:<id>", "order:7"): an item is made once.
  source         text not null unique,
  interpreter_id uuid not null references public.users (id) on delete restrict,
  work_day       date not null,
  -- The statement's month: the first seven characters of the day (written with it; checked to agree).
  month          text not null,
  currency       text not null check (pg_catalog.length(currency) = 3 and currency = pg_catalog.upper(currency)),
  amount_minor   bigint not null check (amount_minor >= 0),
  -- The pay line it was priced with (kept as a number: the computation is what the item says, whatever the line).
  rate_line_id   bigint,
  computation    jsonb not null,
  payout_id      bigint references public.pay_payouts (id) on delete restrict,
  created_at     timestamptz not null,
  constraint pay_items_month_check check (month = pg_catalog.to_char(work_day, 'YYYY-MM'))
);
create index if not exists pay_items_statement_idx on public.pay_items (interpreter_id, month, work_day, id);
create index if not exists pay_items_month_idx on public.pay_items (month, interpreter_id);

-- ─── Money paid never changes ──────────────────────────────────────────────────────────────────────────────────
-- An item's amount, day, source and interpreter never change, and once paid it stays paid; a payout never changes.

create or replace function private.pay_never_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'pay_payouts' then
    raise exception 'a payout never changes';
  end if;
  if old.payout_id is not null or new.amount_minor is distinct from old.amount_minor or new.computation is distinct from old.computation
     or new.interpreter_id is distinct from old.interpreter_id or new.work_day is distinct from old.work_day or new.source is distinct from old.source then
    raise exception 'a pay item never changes';
  end if;
  return new;
end;
$$;
revoke all on function private.pay_never_change() from public, anon, authenticated;

drop trigger if exists pay_items_never_change on public.pay_items;
create trigger pay_items_never_change before update on public.pay_items for each row execute function private.pay_never_change();
drop trigger if exists pay_payouts_never_change on public.pay_payouts;
create trigger pay_payouts_never_change before update on public.pay_payouts for each row execute function private.pay_never_change();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.pay_items enable row level security;
alter table public.pay_payouts enable row level security;

drop policy if exists "pay_items: admins all, interpreters their own" on public.pay_items;
create policy "pay_items: admins all, interpreters their own" on public.pay_items
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));
drop policy if exists "pay_payouts: admins all, interpreters their own" on public.pay_payouts;
create policy "pay_payouts: admins all, interpreters their own" on public.pay_payouts
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));

revoke all on table public.pay_items, public.pay_payouts from public, anon, authenticated;
grant select on table public.pay_items, public.pay_payouts to authenticated;
grant select, insert, update, delete on table public.pay_items, public.pay_payouts to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.pay_items', 'id'));
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.pay_payouts', 'id'));
end
$$;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the other push_* functions: they run as the service role that calls
-- them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- The items of p_items (a JSON array of { source, interpreter_id, work_day, currency, amount_minor, rate_line_id,
-- computation }) not stored yet, by source, stored in their order at p_now: answers how many were new.
create or replace function public.push_add_pay_items(p_items jsonb, p_now bigint)
returns integer
language sql
volatile
set search_path = ''
as $$
  with added as (
    insert into public.pay_items (source, interpreter_id, work_day, month, currency, amount_minor, rate_line_id, computation, created_at)
    select e.value ->> 'source', (e.value ->> 'interpreter_id')::uuid, (e.value ->> 'work_day')::date,
           pg_catalog.left(e.value ->> 'work_day', 7), e.value ->> 'currency', (e.value ->> 'amount_minor')::bigint,
           (e.value ->> 'rate_line_id')::bigint, e.value -> 'computation', pg_catalog.to_timestamp(p_now / 1000.0)
    from pg_catalog.jsonb_array_elements(p_items) with ordinality as e(value, position)
    order by e.position
    on conflict (source) do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer from added;
$$;

-- The work with an interpreter and nothing on their pay yet (app/backend/rows/pay.server.ts), at most p_limit of each:
--   appointments  with an interpreter, completed with an approved record that is not the interpreter's no-show, or
--                 cancelled by the customer less than p_late_hours before the start; by start, then id; each with its
--                 record's columns beside it
--   calls         answered, by an interpreter who is still a user; by answer, then id
--   orders        delivered or completed with an interpreter: the source language, the deadline, and done_at the first
--                 of their events into 'delivered' or 'completed' (else the last change); by it, then id
create or replace function public.push_unpaid_work(p_late_hours integer, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with due_appointments as (
    select a.id, a.customer_id, a.interpreter_id, a.mode, a.language_id, a.starts_at, a.created_at, a.status, a.cancelled_at,
           a.cancelled_by, r.appointment_id, r.actual_start, r.actual_end, r.travel_minutes, r.no_show, r.recorded_by,
           r.recorded_at, r.approved_by, r.approved_at
    from public.appointments a
    left join public.appointment_records r on r.appointment_id = a.id
    where a.interpreter_id is not null
      and ((a.status = 'completed' and r.approved_at is not null and r.no_show is distinct from 'interpreter')
           or (a.status = 'cancelled' and a.cancelled_by = 'customer'
               and a.cancelled_at > a.starts_at - pg_catalog.make_interval(hours => p_late_hours)))
      and not exists (select 1 from public.pay_items p where p.source = 'appointment:' || a.id::text)
    order by a.starts_at, a.id
    limit p_limit
  ),
  due_calls as (
    select c.id, c.interpreter_id, c.language_id, c.answered_at, c.ended_at
    from public.call_log c
    where c.outcome = 'answered' and c.answered_at is not null
      and exists (select 1 from public.users u where u.id = c.interpreter_id)
      and not exists (select 1 from public.pay_items p where p.source = 'call:' || c.id)
    order by c.answered_at, c.id
    limit p_limit
  ),
  done_orders as (
    select o.id, o.interpreter_id, o.source_language_id as language_id, o.created_at, o.deadline,
           coalesce((select pg_catalog.min(e.at) from public.order_events e
                     where e.order_id = o.id and e.to_status in ('delivered', 'completed')), o.updated_at) as done_at
    from public.orders o
    where o.status in ('delivered', 'completed') and o.interpreter_id is not null
      and not exists (select 1 from public.pay_items p where p.source = 'order:' || o.id::text)
  ),
  due_orders as (
    select * from done_orders d order by d.done_at, d.id limit p_limit
  )
  select pg_catalog.jsonb_build_object(
    'appointments', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.starts_at, d.id) from due_appointments d), '[]'::jsonb),
    'calls', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.answered_at, d.id) from due_calls d), '[]'::jsonb),
    'orders', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.done_at, d.id) from due_orders d), '[]'::jsonb));
$$;

-- The statements (app/backend/rows/pay.server.ts PayStatementRow) of p_interpreter (null: everyone's) in p_month (null:
-- every month), newest month first, then by the interpreter's name and id: { total, items }.
create or replace function public.push_pay_statements(p_interpreter uuid, p_month text, p_page_size integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with statements as (
    select p.interpreter_id, u.full_name as interpreter_name, u.email as interpreter_email, p.month,
           pg_catalog.max(p.currency) as currency, pg_catalog.count(*) as item_count, pg_catalog.sum(p.amount_minor)::bigint as total_minor,
           coalesce(pg_catalog.sum(p.amount_minor) filter (where p.payout_id is not null), 0)::bigint as paid_minor,
           (select pg_catalog.max(o.paid_at) from public.pay_payouts o where o.interpreter_id = p.interpreter_id and o.month = p.month) as paid_at
    from public.pay_items p
    join public.users u on u.id = p.interpreter_id
    where (p_interpreter is null or p.interpreter_id = p_interpreter) and (p_month is null or p.month = p_month)
    group by p.interpreter_id, u.full_name, u.email, p.month
  ),
  page as (
    select * from statements s order by s.month desc, s.interpreter_name, s.interpreter_id limit p_page_size offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from statements),
    'items', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(s) order by s.month desc, s.interpreter_name, s.interpreter_id) from page s), '[]'::jsonb));
$$;

-- p_interpreter's statement of p_month: its figures (as push_pay_statements) with its items (their columns and paid_at,
-- the payout's, null while not paid), by day, then id: { …, items }; or null when it has none.
create or replace function public.push_pay_statement(p_interpreter uuid, p_month text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (public.push_pay_statements(p_interpreter, p_month, 1, 0) -> 'items' -> 0) || pg_catalog.jsonb_build_object(
    'items', (
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(p) || pg_catalog.jsonb_build_object('paid_at', o.paid_at) order by p.work_day, p.id)
      from public.pay_items p left join public.pay_payouts o on o.id = p.payout_id
      where p.interpreter_id = p_interpreter and p.month = p_month))
  where exists (select 1 from public.pay_items p where p.interpreter_id = p_interpreter and p.month = p_month);
$$;

-- Marks paid p_interpreter's items of p_month not paid yet, by p_by at p_now, where the statement still has
-- p_item_count items and p_to_pay still to pay: { ok: true }, or, changing nothing, { ok: false, reason }: 'stale' (it
-- gained an item or its amount differs), 'nothing-to-pay' (all paid, or no statement). A lock per statement (for the
-- transaction) orders two admins marking it at once: the second finds nothing left to pay.
create or replace function public.push_mark_pay_statement_paid(
  p_interpreter uuid,
  p_month       text,
  p_item_count  integer,
  p_to_pay      bigint,
  p_by          text,
  p_now         bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_ids    bigint[];
  v_amount bigint;
  v_all    integer;
  v_payout bigint;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('pay:' || p_interpreter::text || ':' || p_month));
  select pg_catalog.array_agg(p.id), coalesce(pg_catalog.sum(p.amount_minor), 0)::bigint into v_ids, v_amount
    from public.pay_items p where p.interpreter_id = p_interpreter and p.month = p_month and p.payout_id is null;
  if v_ids is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'nothing-to-pay');
  end if;
  select pg_catalog.count(*)::integer into v_all from public.pay_items p where p.interpreter_id = p_interpreter and p.month = p_month;
  if v_all <> p_item_count or v_amount <> p_to_pay then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'stale');
  end if;
  insert into public.pay_payouts (interpreter_id, month, amount_minor, item_count, paid_by, paid_at)
  values (p_interpreter, p_month, v_amount, pg_catalog.cardinality(v_ids), p_by, pg_catalog.to_timestamp(p_now / 1000.0))
  returning id into v_payout;
  update public.pay_items set payout_id = v_payout where id = any (v_ids);
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

revoke all on function
  public.push_add_pay_items(jsonb, bigint),
  public.push_unpaid_work(integer, integer),
  public.push_pay_statements(uuid, text, integer, integer),
  public.push_pay_statement(uuid, text),
  public.push_mark_pay_statement_paid(uuid, text, integer, bigint, text, bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_add_pay_items(jsonb, bigint),
  public.push_unpaid_work(integer, integer),
  public.push_pay_statements(uuid, text, integer, integer),
  public.push_pay_statement(uuid, text),
  public.push_mark_pay_statement_paid(uuid, text, integer, bigint, text, bigint)
  to service_role;

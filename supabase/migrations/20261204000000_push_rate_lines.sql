-- Rate cards (issue 26, build item 1; docs/decisions/0035): customers' prices ("bill") and interpreters' pay ("pay"),
-- line by line, each from an effective date. A line is never changed once stored, since it may have priced work: a
-- new price is a new line (the trigger below refuses any update). The same model as D1's migrations/0024_rate_lines.sql.
-- Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked that
-- an admin acts):
--   rate_lines   admins read every row; nobody else reads any (an interpreter does not read even their own pay);
--                nobody writes: a line is added through the worker
--   anon         nothing at all
-- A line is added by ONE call of push_add_rate_line (one transaction: its customer and interpreter are found by e-mail
-- and the line stored, or nothing), and a page is read by one call of push_rate_lines_page. Only the service role may
-- call them.

-- ─── The table ─────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.rate_lines (
  id                      bigint generated always as identity primary key,
  side                    text not null check (side in ('bill', 'pay')),
  service                 text not null check (service in ('translation', 'onsite', 'remote', 'call')),
  -- The units each kind of work is priced in (UNITS_OF in app/domain/pricing.ts).
  unit                    text not null,
  -- Null: any language; the list price (no customer); the default pay (no interpreter).
  language_id             bigint references public.languages (id) on delete cascade,
  customer_id             bigint references public.customers (id) on delete cascade,
  interpreter_id          uuid references public.users (id) on delete cascade,
  currency                text not null check (pg_catalog.length(currency) = 3 and currency = pg_catalog.upper(currency)),
  -- Minor units per unit; minutes (time units) or words and pages; surcharges in basis points (2500 = 25 %).
  price_minor             bigint not null check (price_minor > 0),
  minimum                 integer not null check (minimum >= 0),
  increment               integer not null check (increment >= 1),
  rush_bp                 integer not null default 0 check (rush_bp between 0 and 50000),
  after_hours_bp          integer not null default 0 check (after_hours_bp between 0 and 50000),
  weekend_bp              integer not null default 0 check (weekend_bp between 0 and 50000),
  holiday_bp              integer not null default 0 check (holiday_bp between 0 and 50000),
  late_cancellation_minor bigint not null default 0 check (late_cancellation_minor >= 0),
  -- A calendar day (D1 keeps its YYYY-MM-DD text; a date answers in JSON as the same text).
  effective_from          date not null,
  created_by              text not null,
  created_at              timestamptz not null,
  constraint rate_lines_unit_check check (
    (service = 'translation' and unit in ('word', 'page', 'flat')) or (service = 'onsite' and unit = 'hour')
    or (service = 'remote' and unit in ('minute', 'hour')) or (service = 'call' and unit = 'minute')),
  -- A customer's price is a bill line; an interpreter's rate a pay line.
  constraint rate_lines_customer_check check (customer_id is null or side = 'bill'),
  constraint rate_lines_interpreter_check check (interpreter_id is null or side = 'pay')
);
-- The Rates page: one side's lines, the latest effective date first.
create index if not exists rate_lines_list_idx on public.rate_lines (side, effective_from desc, id desc);
-- The cascades from a customer or an interpreter.
create index if not exists rate_lines_customer_idx on public.rate_lines (customer_id) where customer_id is not null;
create index if not exists rate_lines_interpreter_idx on public.rate_lines (interpreter_id) where interpreter_id is not null;

-- A line never changes, whoever writes (the service role, the SQL editor): a new price is a new line. The cascades
-- delete lines, which stays allowed. The empty search_path makes every name explicit.
create or replace function private.rate_lines_never_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'rate lines never change: add a new line';
end;
$$;

revoke all on function private.rate_lines_never_change() from public, anon, authenticated;

drop trigger if exists rate_lines_never_change on public.rate_lines;
create trigger rate_lines_never_change
  before update on public.rate_lines
  for each row
  execute function private.rate_lines_never_change();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.rate_lines enable row level security;

drop policy if exists "rate_lines: admins read" on public.rate_lines;
create policy "rate_lines: admins read" on public.rate_lines
  for select to authenticated using ((select private.is_admin()));

-- Signed-in users read (the policy chooses the rows: an admin's all, anyone else's none) and write nothing; anon holds
-- no privilege (Supabase's default privileges would give it everything, TRUNCATE included, which ignores row-level
-- security).
revoke all on table public.rate_lines from public, anon, authenticated;
grant select on table public.rate_lines to authenticated;
grant select, insert, update, delete on table public.rate_lines to service_role;

-- Identity columns draw from their sequences without a sequence privilege: the API roles need none.
do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.rate_lines', 'id'));
end
$$;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the other push_* functions: they run as the service role that calls
-- them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- A new line, added by p_by at p_now: its customer found by p_customer_email (customers keep theirs lower-cased) and
-- its interpreter by p_interpreter_email, ignoring case (the users' unique lower(email)), both locked (FOR KEY SHARE)
-- so that neither is deleted before the line is stored. Answers { ok: true, id } or, storing nothing, { ok: false,
-- reason } in D1's order: 'unknown-customer' (an e-mail given that no customer has), then 'unknown-interpreter' (one
-- nobody who signs in has). A line the table refuses (a unit the service is not priced in, a customer on a pay line,
-- a price of nothing, …) is its error.
create or replace function public.push_add_rate_line(
  p_customer_email          text,
  p_interpreter_email       text,
  p_side                    text,
  p_service                 text,
  p_unit                    text,
  p_language_id             bigint,
  p_currency                text,
  p_price_minor             bigint,
  p_minimum                 integer,
  p_increment               integer,
  p_rush_bp                 integer,
  p_after_hours_bp          integer,
  p_weekend_bp              integer,
  p_holiday_bp              integer,
  p_late_cancellation_minor bigint,
  p_effective_from          date,
  p_by                      text,
  p_now                     bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_customer    bigint;
  v_interpreter uuid;
  v_id          bigint;
begin
  if p_customer_email is not null then
    select c.id into v_customer from public.customers c where c.email = pg_catalog.lower(p_customer_email) for key share;
    if v_customer is null then
      return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-customer');
    end if;
  end if;
  if p_interpreter_email is not null then
    select u.id into v_interpreter from public.users u
    where pg_catalog.lower(u.email) = pg_catalog.lower(p_interpreter_email) for key share;
    if v_interpreter is null then
      return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-interpreter');
    end if;
  end if;

  insert into public.rate_lines (customer_id, interpreter_id, side, service, unit, language_id, currency, price_minor, minimum,
                                 increment, rush_bp, after_hours_bp, weekend_bp, holiday_bp, late_cancellation_minor,
                                 effective_from, created_by, created_at)
  values (v_customer, v_interpreter, p_side, p_service, p_unit, p_language_id, p_currency, p_price_minor, p_minimum,
          p_increment, p_rush_bp, p_after_hours_bp, p_weekend_bp, p_holiday_bp, p_late_cancellation_minor,
          p_effective_from, p_by, pg_catalog.to_timestamp(p_now / 1000.0))
  returning id into v_id;

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_id);
end;
$$;

-- One page of p_side's lines, the latest effective date first, then the newest line, with the total:
-- { total, items: [the columns of app/backend/rows/rate-line.server.ts RateLineRow] }, each with its customer's e-mail
-- and its interpreter's name (null when it has none).
create or replace function public.push_rate_lines_page(p_side text, p_page_size integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with page as (
    select r.* from public.rate_lines r
    where r.side = p_side
    order by r.effective_from desc, r.id desc
    limit p_page_size offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from public.rate_lines r where r.side = p_side),
    'items', coalesce((
      select pg_catalog.jsonb_agg(
        pg_catalog.jsonb_build_object(
          'id', p.id, 'side', p.side, 'service', p.service, 'unit', p.unit, 'language_id', p.language_id,
          'customer_id', p.customer_id, 'interpreter_id', p.interpreter_id, 'currency', p.currency,
          'price_minor', p.price_minor, 'minimum', p.minimum, 'increment', p.increment, 'rush_bp', p.rush_bp,
          'after_hours_bp', p.after_hours_bp, 'weekend_bp', p.weekend_bp, 'holiday_bp', p.holiday_bp,
          'late_cancellation_minor', p.late_cancellation_minor, 'effective_from', p.effective_from,
          'created_by', p.created_by, 'created_at', p.created_at, 'customer_email', c.email, 'interpreter_name', u.full_name)
        order by p.effective_from desc, p.id desc)
      from page p
      left join public.customers c on c.id = p.customer_id
      left join public.users u on u.id = p.interpreter_id
    ), '[]'::jsonb));
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_add_rate_line(text, text, text, text, text, bigint, text, bigint, integer, integer, integer, integer, integer,
                            integer, bigint, date, text, bigint),
  public.push_rate_lines_page(text, integer, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_add_rate_line(text, text, text, text, text, bigint, text, bigint, integer, integer, integer, integer, integer,
                            integer, bigint, date, text, bigint),
  public.push_rate_lines_page(text, integer, integer)
  to service_role;

-- Invoices (issue 26, build items 2-3; docs/decisions/0037): billable items made once per piece of work, drafts that
-- gather a customer's unbilled items, and issued invoices numbered PUSH-<year>-<sequence> from a counter row per year in
-- the issuing transaction (never a gap, never twice: no sequence object, which is not transactional). An issued invoice
-- never changes, nor do its items (the triggers below). The same model as D1's migrations/0025_invoices.sql.
-- Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked that
-- an admin acts):
--   invoice_counters, invoices, billable_items   admins read every row; nobody else reads any; nobody writes
--   anon                                         nothing at all
-- Each change is ONE call of a function below (one transaction); only the service role may call them.

-- ─── The tables ────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.invoice_counters (
  year integer primary key check (year between 2000 and 9999),
  last integer not null check (last >= 1)
);

create table if not exists public.invoices (
  id             bigint generated always as identity primary key,
  customer_id    bigint not null references public.customers (id) on delete restrict,
  currency       text not null check (pg_catalog.length(currency) = 3 and currency = pg_catalog.upper(currency)),
  -- Calendar days (D1 keeps its YYYY-MM-DD text; a date answers in JSON as the same text).
  period_from    date not null,
  period_to      date not null,
  status         text not null default 'draft' check (status in ('draft', 'issued')),
  version        integer not null default 1 check (version >= 1),
  year           integer,
  sequence       integer check (sequence >= 1),
  number         text unique,
  tax_bp         integer check (tax_bp between 0 and 10000),
  subtotal_minor bigint check (subtotal_minor >= 0),
  tax_minor      bigint check (tax_minor >= 0),
  total_minor    bigint,
  issued_at      timestamptz,
  issued_by      text,
  created_by     text not null,
  created_at     timestamptz not null,
  constraint invoices_year_sequence_key unique (year, sequence),
  constraint invoices_total_minor_check check (total_minor = subtotal_minor + tax_minor),
  constraint invoices_period_check check (period_to >= period_from),
  -- A draft has no number and no totals; an issued invoice has all of them.
  constraint invoices_numbered_check check (
    (status = 'draft' and number is null and year is null and sequence is null and total_minor is null and issued_at is null)
    or (status = 'issued' and number is not null and year is not null and sequence is not null and total_minor is not null
        and issued_at is not null))
);
create index if not exists invoices_customer_idx on public.invoices (customer_id, id);

create table if not exists public.billable_items (
  id           bigint generated always as identity primary key,
  -- Where the work came from ("appointment:12", "call:<id>", "order:7"): an item is made once.
  source       text not null unique,
  customer_id  bigint not null references public.customers (id) on delete restrict,
  work_day     date not null,
  currency     text not null check (pg_catalog.length(currency) = 3 and currency = pg_catalog.upper(currency)),
  amount_minor bigint not null check (amount_minor >= 0),
  -- The rate line it was priced with (kept as a number: the computation below is what the item says, whatever the line).
  rate_line_id bigint,
  computation  jsonb not null,
  invoice_id   bigint references public.invoices (id) on delete set null,
  created_at   timestamptz not null
);
-- A draft's query: a customer's unbilled items in a currency, by day.
create index if not exists billable_items_unbilled_idx on public.billable_items (customer_id, currency, work_day) where invoice_id is null;
create index if not exists billable_items_invoice_idx on public.billable_items (invoice_id, work_day, id);

-- ─── An issued invoice never changes, and neither do its items: corrections are credit notes ──────────────────
-- Whoever writes (the service role, the SQL editor). The empty search_path makes every name explicit.

create or replace function private.invoices_issued_never_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'issued' then
    raise exception 'an issued invoice never changes';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

create or replace function private.billable_items_billed_never_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select i.status from public.invoices i where i.id = old.invoice_id) = 'issued' then
    raise exception 'an issued invoice never changes';
  end if;
  return new;
end;
$$;

revoke all on function private.invoices_issued_never_change(), private.billable_items_billed_never_change()
  from public, anon, authenticated;

drop trigger if exists invoices_issued_never_change on public.invoices;
create trigger invoices_issued_never_change
  before update or delete on public.invoices
  for each row
  execute function private.invoices_issued_never_change();

drop trigger if exists billable_items_billed_never_change on public.billable_items;
create trigger billable_items_billed_never_change
  before update on public.billable_items
  for each row
  execute function private.billable_items_billed_never_change();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.invoice_counters enable row level security;
alter table public.invoices enable row level security;
alter table public.billable_items enable row level security;

drop policy if exists "invoice_counters: admins read" on public.invoice_counters;
create policy "invoice_counters: admins read" on public.invoice_counters
  for select to authenticated using ((select private.is_admin()));
drop policy if exists "invoices: admins read" on public.invoices;
create policy "invoices: admins read" on public.invoices
  for select to authenticated using ((select private.is_admin()));
drop policy if exists "billable_items: admins read" on public.billable_items;
create policy "billable_items: admins read" on public.billable_items
  for select to authenticated using ((select private.is_admin()));

-- Signed-in users read (the policies choose the rows: an admin's all, anyone else's none) and write nothing; anon holds
-- no privilege (Supabase's default privileges would give it everything, TRUNCATE included, which ignores row-level
-- security).
revoke all on table public.invoice_counters, public.invoices, public.billable_items from public, anon, authenticated;
grant select on table public.invoice_counters, public.invoices, public.billable_items to authenticated;
grant select, insert, update, delete on table public.invoice_counters, public.invoices, public.billable_items to service_role;

-- Identity columns draw from their sequences without a sequence privilege: the API roles need none.
do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.invoices', 'id'));
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.billable_items', 'id'));
end
$$;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the other push_* functions: they run as the service role that calls
-- them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- The items of p_items (a JSON array of { source, customer_id, work_day, currency, amount_minor, rate_line_id,
-- computation }) not stored yet, by source, stored in their order at p_now: answers how many were new. An item the
-- table refuses is the error of the whole call (nothing stored).
create or replace function public.push_add_billable_items(p_items jsonb, p_now bigint)
returns integer
language sql
volatile
set search_path = ''
as $$
  with added as (
    insert into public.billable_items (source, customer_id, work_day, currency, amount_minor, rate_line_id, computation, created_at)
    select e.value ->> 'source', (e.value ->> 'customer_id')::bigint, (e.value ->> 'work_day')::date, e.value ->> 'currency',
           (e.value ->> 'amount_minor')::bigint, (e.value ->> 'rate_line_id')::bigint, e.value -> 'computation',
           pg_catalog.to_timestamp(p_now / 1000.0)
    from pg_catalog.jsonb_array_elements(p_items) with ordinality as e(value, position)
    order by e.position
    on conflict (source) do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer from added;
$$;

-- A draft for p_customer_id in p_currency holding every unbilled item of theirs in that currency whose day is in
-- [p_from, p_to], made by p_by at p_now: answers { ok: true, id }, or { ok: false, reason: 'nothing-to-bill' } making
-- no draft when there is none. The items are locked first (FOR UPDATE), so a second draft made at the same time waits,
-- then finds them taken.
create or replace function public.push_create_invoice_draft(
  p_customer_id bigint,
  p_currency    text,
  p_from        date,
  p_to          date,
  p_by          text,
  p_now         bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  perform 1 from public.billable_items b
  where b.customer_id = p_customer_id and b.currency = p_currency and b.work_day between p_from and p_to and b.invoice_id is null
  for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'nothing-to-bill');
  end if;

  insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at)
  values (p_customer_id, p_currency, p_from, p_to, p_by, pg_catalog.to_timestamp(p_now / 1000.0))
  returning id into v_id;
  update public.billable_items b set invoice_id = v_id
  where b.customer_id = p_customer_id and b.currency = p_currency and b.work_day between p_from and p_to and b.invoice_id is null;

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_id);
end;
$$;

-- Issues draft p_id at the version its page showed (p_based_on), by p_by at p_now: the next number of p_year and the
-- totals, the tax at p_tax_bp on the subtotal rounded once, half-up (app/domain/invoices.ts invoiceTotals). Answers
-- { ok: true, number } or, changing nothing and taking no number, { ok: false, reason } as D1 decides it: 'not-found',
-- then 'issued' (whatever the version), then 'stale'. The draft's row is locked before the counter moves, so a refused
-- issue takes no number; the counter row's lock (the upsert) orders two issuers, who get consecutive numbers.
create or replace function public.push_issue_invoice(
  p_id       bigint,
  p_based_on integer,
  p_tax_bp   integer,
  p_year     integer,
  p_by       text,
  p_now      bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_status   text;
  v_version  integer;
  v_last     integer;
  v_number   text;
  v_subtotal bigint;
  v_tax      bigint;
begin
  select i.status, i.version into v_status, v_version from public.invoices i where i.id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status = 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'issued');
  elsif v_version <> p_based_on then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'stale');
  end if;

  insert into public.invoice_counters as c (year, last) values (p_year, 1)
  on conflict (year) do update set last = c.last + 1
  returning c.last into v_last;
  -- PUSH-2026-0001 … PUSH-2026-9999, PUSH-2026-10000 (lpad would cut a longer sequence to four digits).
  v_number := 'PUSH-' || p_year::text || '-'
    || case when v_last < 10000 then pg_catalog.lpad(v_last::text, 4, '0') else v_last::text end;

  select coalesce(pg_catalog.sum(b.amount_minor), 0)::bigint into v_subtotal from public.billable_items b where b.invoice_id = p_id;
  v_tax := (v_subtotal * p_tax_bp * 2 + 10000) / 20000;

  update public.invoices set
    status = 'issued', version = version + 1, year = p_year, sequence = v_last, number = v_number, tax_bp = p_tax_bp,
    subtotal_minor = v_subtotal, tax_minor = v_tax, total_minor = v_subtotal + v_tax,
    issued_at = pg_catalog.to_timestamp(p_now / 1000.0), issued_by = p_by
  where id = p_id;

  return pg_catalog.jsonb_build_object('ok', true, 'number', v_number);
end;
$$;

-- Invoice p_id's columns with its items (their columns), in the order of their day, then id: { …, items: [...] }; or
-- null when there is none.
create or replace function public.push_invoice(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.to_jsonb(i) || pg_catalog.jsonb_build_object('items', coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(b) order by b.work_day, b.id)
    from public.billable_items b where b.invoice_id = i.id
  ), '[]'::jsonb))
  from public.invoices i
  where i.id = p_id;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_add_billable_items(jsonb, bigint),
  public.push_create_invoice_draft(bigint, text, date, date, text, bigint),
  public.push_issue_invoice(bigint, integer, integer, integer, text, bigint),
  public.push_invoice(bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_add_billable_items(jsonb, bigint),
  public.push_create_invoice_draft(bigint, text, date, date, text, bigint),
  public.push_issue_invoice(bigint, integer, integer, integer, text, bigint),
  public.push_invoice(bigint)
  to service_role;

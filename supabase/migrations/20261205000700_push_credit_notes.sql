-- Credit notes (issue 26, build item 3): an issued invoice never changes, so a correction is a credit note that
-- references it and takes an amount off what it asks (docs/decisions/0037). Numbered PUSH-CN-<year>-<sequence> from a
-- counter row per year in the function that stores them (never a gap, never twice); never more than what is neither
-- paid nor credited yet, checked with the invoice's row locked, as payments are (whose check now subtracts what was
-- credited). A credit note never changes. The same model as D1's migrations/0032_credit_notes.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked that
-- an admin acts):
--   credit_note_counters, credit_notes   admins read every row; nobody else reads any; nobody writes
--   anon                                 nothing at all

create table if not exists public.credit_note_counters (
  year integer primary key check (year between 2000 and 9999),
  last integer not null check (last >= 1)
);

create table if not exists public.credit_notes (
  id           bigint generated always as identity primary key,
  invoice_id   bigint not null references public.invoices (id) on delete restrict,
  year         integer not null check (year between 2000 and 9999),
  sequence     integer not null check (sequence >= 1),
  number       text not null unique,
  amount_minor bigint not null check (amount_minor > 0),
  reason       text not null check (pg_catalog.length(reason) between 1 and 300),
  created_by   text not null,
  created_at   timestamptz not null,
  unique (year, sequence)
);
create index if not exists credit_notes_invoice_idx on public.credit_notes (invoice_id, id);

-- ─── Only an issued invoice is credited; a credit note never changes nor goes ─────────────────────────────────

create or replace function private.credit_notes_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if (select i.status from public.invoices i where i.id = new.invoice_id) is distinct from 'issued' then
      raise exception 'only an issued invoice is credited';
    end if;
    return new;
  end if;
  raise exception 'a credit note never changes';
end;
$$;
revoke all on function private.credit_notes_guard() from public, anon, authenticated;

drop trigger if exists credit_notes_guard on public.credit_notes;
create trigger credit_notes_guard
  before insert or update or delete on public.credit_notes
  for each row
  execute function private.credit_notes_guard();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.credit_note_counters enable row level security;
alter table public.credit_notes enable row level security;

drop policy if exists "credit_note_counters: admins read" on public.credit_note_counters;
create policy "credit_note_counters: admins read" on public.credit_note_counters
  for select to authenticated using ((select private.is_admin()));
drop policy if exists "credit_notes: admins read" on public.credit_notes;
create policy "credit_notes: admins read" on public.credit_notes
  for select to authenticated using ((select private.is_admin()));

revoke all on table public.credit_note_counters, public.credit_notes from public, anon, authenticated;
grant select on table public.credit_note_counters, public.credit_notes to authenticated;
grant select, insert, update, delete on table public.credit_note_counters, public.credit_notes to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.credit_notes', 'id'));
end
$$;

-- ─── What an invoice still asks (one formula for every check) ─────────────────────────────────────────────────

-- Invoice p_id's total less its payments and its credit notes (its total when it has neither; null for a draft).
create or replace function private.invoice_open_minor(p_id bigint)
returns bigint
language sql
stable
set search_path = ''
as $$
  select i.total_minor
    - (select coalesce(pg_catalog.sum(p.amount_minor), 0)::bigint from public.invoice_payments p where p.invoice_id = i.id)
    - (select coalesce(pg_catalog.sum(n.amount_minor), 0)::bigint from public.credit_notes n where n.invoice_id = i.id)
  from public.invoices i
  where i.id = p_id;
$$;
revoke all on function private.invoice_open_minor(bigint) from public, anon, authenticated;
grant execute on function private.invoice_open_minor(bigint) to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────

-- Issues a credit note of p_amount_minor on issued invoice p_id, numbered in p_year, by p_by at p_now: answers
-- { ok: true, number }, or, storing nothing and taking no number, { ok: false, reason } as D1 decides it:
-- 'not-found', 'draft', or 'over' (more than the total less what was paid and credited). The invoice's row is locked
-- first, so two credit notes (or a credit note and a payment) at once are checked in turn.
create or replace function public.push_credit_invoice(
  p_id           bigint,
  p_amount_minor bigint,
  p_reason       text,
  p_year         integer,
  p_by           text,
  p_now          bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_status text;
  v_last   integer;
  v_number text;
begin
  select i.status into v_status from public.invoices i where i.id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  elsif private.invoice_open_minor(p_id) < p_amount_minor then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'over');
  end if;

  insert into public.credit_note_counters as c (year, last) values (p_year, 1)
  on conflict (year) do update set last = c.last + 1
  returning c.last into v_last;
  -- PUSH-CN-2026-0001 … PUSH-CN-2026-9999, PUSH-CN-2026-10000.
  v_number := 'PUSH-CN-' || p_year::text || '-'
    || case when v_last < 10000 then pg_catalog.lpad(v_last::text, 4, '0') else v_last::text end;

  insert into public.credit_notes (invoice_id, year, sequence, number, amount_minor, reason, created_by, created_at)
  values (p_id, p_year, v_last, v_number, p_amount_minor, p_reason, p_by, pg_catalog.to_timestamp(p_now / 1000.0));
  return pg_catalog.jsonb_build_object('ok', true, 'number', v_number);
end;
$$;

-- Payments (20261205000100_push_invoice_payments.sql, 20261205000200_push_stripe_payments.sql) are checked against
-- what is open after credit notes too.
create or replace function public.push_record_invoice_payment(
  p_id           bigint,
  p_amount_minor bigint,
  p_paid_on      date,
  p_method       text,
  p_reference    text,
  p_by           text,
  p_now          bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_status text;
begin
  select i.status into v_status from public.invoices i where i.id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  end if;
  if private.invoice_open_minor(p_id) < p_amount_minor then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'over');
  end if;

  insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
  values (p_id, p_amount_minor, p_paid_on, p_method, p_reference, p_by, pg_catalog.to_timestamp(p_now / 1000.0));
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

create or replace function public.push_record_stripe_payment(
  p_id           bigint,
  p_amount_minor bigint,
  p_paid_on      date,
  p_reference    text,
  p_event_id     text,
  p_now          bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_status text;
begin
  select i.status into v_status from public.invoices i where i.id = p_id for update;
  if exists (select 1 from public.invoice_payments p where p.stripe_event_id = p_event_id) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'duplicate');
  elsif v_status is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  end if;
  if private.invoice_open_minor(p_id) < p_amount_minor then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'over');
  end if;

  insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at, stripe_event_id)
  values (p_id, p_amount_minor, p_paid_on, 'card', p_reference, 'stripe', pg_catalog.to_timestamp(p_now / 1000.0), p_event_id);
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

-- The invoice with its credit notes too (in the order issued): { …, items, link, payments, credits }; or null.
-- (push_invoice_by_link answers push_invoice's JSON.)
create or replace function public.push_invoice(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.to_jsonb(i) || pg_catalog.jsonb_build_object(
    'items', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(b) order by b.work_day, b.id)
      from public.billable_items b where b.invoice_id = i.id
    ), '[]'::jsonb),
    'link', (
      select pg_catalog.jsonb_build_object('token_sealed', l.token_sealed, 'locale', l.locale, 'sent_at', l.sent_at, 'sends', l.sends)
      from public.invoice_links l where l.invoice_id = i.id
    ),
    'payments', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(p) order by p.id)
      from public.invoice_payments p where p.invoice_id = i.id
    ), '[]'::jsonb),
    'credits', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(n) order by n.id)
      from public.credit_notes n where n.invoice_id = i.id
    ), '[]'::jsonb))
  from public.invoices i
  where i.id = p_id;
$$;

-- The invoices list with what each invoice's credit notes add up to.
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
          'items_minor', (select coalesce(pg_catalog.sum(b.amount_minor), 0)::bigint from public.billable_items b where b.invoice_id = p.id),
          'sent_at', (select l.sent_at from public.invoice_links l where l.invoice_id = p.id),
          'paid_minor', (select coalesce(pg_catalog.sum(x.amount_minor), 0)::bigint from public.invoice_payments x where x.invoice_id = p.id),
          'credited_minor', (select coalesce(pg_catalog.sum(n.amount_minor), 0)::bigint from public.credit_notes n where n.invoice_id = p.id))
        order by p.id desc)
      from page p
      join public.customers c on c.id = p.customer_id
    ), '[]'::jsonb));
$$;

revoke all on function
  public.push_credit_invoice(bigint, bigint, text, integer, text, bigint),
  public.push_record_invoice_payment(bigint, bigint, date, text, text, text, bigint),
  public.push_record_stripe_payment(bigint, bigint, date, text, text, bigint),
  public.push_invoice(bigint),
  public.push_invoices_page(integer, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_credit_invoice(bigint, bigint, text, integer, text, bigint),
  public.push_record_invoice_payment(bigint, bigint, date, text, text, text, bigint),
  public.push_record_stripe_payment(bigint, bigint, date, text, text, bigint),
  public.push_invoice(bigint),
  public.push_invoices_page(integer, integer)
  to service_role;

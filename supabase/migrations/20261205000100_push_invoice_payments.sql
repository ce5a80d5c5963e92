-- Payments of issued invoices (issue 26, build items 3 and 5): recorded by hand by staff (a bank transfer, a card taken
-- by phone, cash, a cheque). An invoice's payments never make it more than paid: recording one locks the invoice's row,
-- so two recorded at once are each checked against the other. A payment, once recorded, never changes and never goes
-- (it is money received). The same model as D1's migrations/0027_invoice_payments.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked that
-- an admin acts):
--   invoice_payments   admins read every row; nobody else reads any; nobody writes
--   anon               nothing at all

create table if not exists public.invoice_payments (
  id           bigint generated always as identity primary key,
  invoice_id   bigint not null references public.invoices (id) on delete restrict,
  amount_minor bigint not null check (amount_minor > 0),
  paid_on      date not null,
  method       text not null check (method in ('bank-transfer', 'card', 'cash', 'cheque', 'other')),
  reference    text not null default '' check (pg_catalog.length(reference) <= 200),
  recorded_by  text not null,
  recorded_at  timestamptz not null
);
create index if not exists invoice_payments_invoice_idx on public.invoice_payments (invoice_id, id);

-- ─── Only an issued invoice is paid; a payment never changes nor goes ──────────────────────────────────────────

create or replace function private.invoice_payments_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if (select i.status from public.invoices i where i.id = new.invoice_id) is distinct from 'issued' then
      raise exception 'only an issued invoice is paid';
    end if;
    return new;
  end if;
  raise exception 'a payment never changes';
end;
$$;
revoke all on function private.invoice_payments_guard() from public, anon, authenticated;

drop trigger if exists invoice_payments_guard on public.invoice_payments;
create trigger invoice_payments_guard
  before insert or update or delete on public.invoice_payments
  for each row
  execute function private.invoice_payments_guard();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.invoice_payments enable row level security;

drop policy if exists "invoice_payments: admins read" on public.invoice_payments;
create policy "invoice_payments: admins read" on public.invoice_payments
  for select to authenticated using ((select private.is_admin()));

revoke all on table public.invoice_payments from public, anon, authenticated;
grant select on table public.invoice_payments to authenticated;
grant select, insert, update, delete on table public.invoice_payments to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.invoice_payments', 'id'));
end
$$;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────

-- Records a payment of issued invoice p_id by p_by at p_now: answers { ok: true }, or, storing nothing,
-- { ok: false, reason } as D1 decides it: 'not-found', 'draft', or 'over' (more than the total less what was paid).
-- The invoice's row is locked first (FOR UPDATE fires no trigger), so two payments recorded at once are checked in turn.
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
  v_total  bigint;
  v_paid   bigint;
begin
  select i.status, i.total_minor into v_status, v_total from public.invoices i where i.id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  end if;
  select coalesce(pg_catalog.sum(p.amount_minor), 0)::bigint into v_paid from public.invoice_payments p where p.invoice_id = p_id;
  if v_total - v_paid < p_amount_minor then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'over');
  end if;

  insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
  values (p_id, p_amount_minor, p_paid_on, p_method, p_reference, p_by, pg_catalog.to_timestamp(p_now / 1000.0));
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

-- Invoice p_id's columns with its items (their columns), in the order of their day, then id, its link's row (null
-- until sent) and its payments (their columns, in the order recorded): { …, items, link, payments }; or null.
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
    ), '[]'::jsonb))
  from public.invoices i
  where i.id = p_id;
$$;

-- One page of the invoices, newest first, with the total: { total, items: [the invoice's columns (InvoiceSummaryRow),
-- with its customer's name and e-mail, the count and sum of its items, when it was first sent (null until then) and
-- what its payments add up to] }.
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
          'paid_minor', (select coalesce(pg_catalog.sum(x.amount_minor), 0)::bigint from public.invoice_payments x where x.invoice_id = p.id))
        order by p.id desc)
      from page p
      join public.customers c on c.id = p.customer_id
    ), '[]'::jsonb));
$$;

revoke all on function
  public.push_record_invoice_payment(bigint, bigint, date, text, text, text, bigint),
  public.push_invoice(bigint),
  public.push_invoices_page(integer, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_record_invoice_payment(bigint, bigint, date, text, text, text, bigint),
  public.push_invoice(bigint),
  public.push_invoices_page(integer, integer)
  to service_role;

-- Payments Stripe reports (issue 26, build item 5): each webhook event is recorded once, by its id, so an event
-- delivered twice or replayed changes nothing. A payment recorded by hand has none. The same model as D1's
-- migrations/0028_stripe_payments.sql. Re-runnable.

alter table public.invoice_payments add column if not exists stripe_event_id text
  check (stripe_event_id is null or pg_catalog.length(stripe_event_id) between 1 and 255);
create unique index if not exists invoice_payments_stripe_event_idx on public.invoice_payments (stripe_event_id);

-- Records the payment Stripe's event p_event_id reported for issued invoice p_id (by card, p_reference its payment's
-- id) at p_now: answers { ok: true }, or, storing nothing, { ok: false, reason } as D1 decides it: 'duplicate' (the
-- event is recorded already, whatever it says), 'not-found', 'draft', or 'over'. The invoice's row is locked first, so
-- the same event delivered twice at once is recorded by one and found by the other.
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
  v_total  bigint;
  v_paid   bigint;
begin
  select i.status, i.total_minor into v_status, v_total from public.invoices i where i.id = p_id for update;
  if exists (select 1 from public.invoice_payments p where p.stripe_event_id = p_event_id) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'duplicate');
  elsif v_status is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  end if;
  select coalesce(pg_catalog.sum(p.amount_minor), 0)::bigint into v_paid from public.invoice_payments p where p.invoice_id = p_id;
  if v_total - v_paid < p_amount_minor then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'over');
  end if;

  insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at, stripe_event_id)
  values (p_id, p_amount_minor, p_paid_on, 'card', p_reference, 'stripe', pg_catalog.to_timestamp(p_now / 1000.0), p_event_id);
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

revoke all on function public.push_record_stripe_payment(bigint, bigint, date, text, text, bigint) from public, anon, authenticated;
grant execute on function public.push_record_stripe_payment(bigint, bigint, date, text, text, bigint) to service_role;

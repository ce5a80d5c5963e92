-- Joining by a status link (issue 27, docs/decisions/0042): a customer who holds an order's or an appointment's
-- private link asks for an account; a link goes to the e-mail on their customers row, and only opening it makes the
-- account, a new organisation, and joins the customer (and so their orders, appointments and invoices) to it. The
-- same table and steps as D1's migrations/0040_customer_claims.sql and app/backend/d1/claims.server.ts. Instants come
-- and go as epoch milliseconds, stored as timestamptz. Re-runnable.
--
-- Who reaches what through the public API: customer_claims nobody (the service role only, as invitations); the
-- functions only the worker's service-role key, after the route has found the customer through a status link.

-- A claim: only the SHA-256 (hex) of its token is kept. Valid 7 days, used once (used_at).
create table if not exists public.customer_claims (
  token_hash  text primary key,
  customer_id bigint not null references public.customers (id) on delete cascade,
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index if not exists customer_claims_customer_idx on public.customer_claims (customer_id, created_at desc);
alter table public.customer_claims enable row level security;
revoke all on table public.customer_claims from public, anon, authenticated;

-- What the customer's e-mail says, or null when there is no such customer: { email, full_name, outcome } where the
-- outcome is 'in-organisation' (they belong to one: no claim), 'account-exists' (the address signs in: no claim) or
-- 'link' (a claim stored with this hash). SECURITY DEFINER: only its owner reads auth.users (as
-- push_organisation_people does).
create or replace function public.push_request_customer_claim(p_customer_id bigint, p_token_hash text, p_now bigint, p_expires_at bigint)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_outcome text;
begin
  select * into v_customer from public.customers c where c.id = p_customer_id;
  if v_customer.id is null then
    return null;
  end if;
  if v_customer.organisation_id is not null then
    v_outcome := 'in-organisation';
  elsif exists (select 1 from auth.users u where pg_catalog.lower(u.email) = pg_catalog.lower(v_customer.email)) then
    v_outcome := 'account-exists';
  else
    v_outcome := 'link';
    insert into public.customer_claims (token_hash, customer_id, created_at, expires_at)
    values (p_token_hash, v_customer.id, pg_catalog.to_timestamp(p_now / 1000.0), pg_catalog.to_timestamp(p_expires_at / 1000.0));
  end if;
  return pg_catalog.jsonb_build_object('email', v_customer.email, 'full_name', v_customer.name, 'outcome', v_outcome);
end;
$$;

-- What an open claim's page shows (not used, not expired at p_now): { email, full_name, in_organisation }, or null —
-- unknown, used and expired alike.
create or replace function public.push_customer_claim(p_token_hash text, p_now bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('email', c.email, 'full_name', c.name, 'in_organisation', c.organisation_id is not null)
  from public.customer_claims k join public.customers c on c.id = k.customer_id
  where k.token_hash = p_token_hash and k.used_at is null and k.expires_at > pg_catalog.to_timestamp(p_now / 1000.0);
$$;

-- Uses the claim for the account the worker has just made (Supabase Auth's admin API): the claim is used only while
-- open and its customer in no organisation (the UPDATE locks the claim's row, and the customer's row is locked before
-- it is read, so two joins at once cannot both pass); then a new organisation named after the customer's company (or
-- name; with the e-mail added when the name is taken, so a claim never lands in another organisation), the customer
-- joined to it, the person its admin requester, and the customer's orders proven (the e-mail was). Answers
-- { organisation_id }, or { reason: 'invalid' | 'in-organisation' } with nothing written: the worker then deletes the
-- account it made.
create or replace function public.push_join_by_customer_claim(p_token_hash text, p_account_id uuid, p_now bigint)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_customer public.customers;
  v_claim public.customer_claims;
  v_base text;
  v_suffix text;
  v_organisation_id bigint;
begin
  select c.* into v_customer from public.customers c
  where c.id = (select k.customer_id from public.customer_claims k where k.token_hash = p_token_hash)
  for update;
  if v_customer.id is not null and v_customer.organisation_id is not null then
    return pg_catalog.jsonb_build_object('reason', 'in-organisation');
  end if;
  update public.customer_claims k set used_at = v_now
  where k.token_hash = p_token_hash and k.used_at is null and k.expires_at > v_now
  returning k.* into v_claim;
  if v_claim.token_hash is null or v_customer.id is null then
    return pg_catalog.jsonb_build_object('reason', 'invalid');
  end if;
  v_base := pg_catalog.left(coalesce(nullif(pg_catalog.btrim(v_customer.company), ''), nullif(pg_catalog.btrim(v_customer.name), ''), v_customer.email), 200);
  insert into public.organisations (name, created_at) values (v_base, v_now)
  on conflict ((pg_catalog.lower(name))) do nothing
  returning id into v_organisation_id;
  if v_organisation_id is null then
    v_suffix := ' (' || v_customer.email || ')';
    insert into public.organisations (name, created_at)
    values (pg_catalog.left(pg_catalog.left(v_base, greatest(1, 200 - pg_catalog.length(v_suffix))) || v_suffix, 200), v_now)
    returning id into v_organisation_id;
  end if;
  update public.customers c set organisation_id = v_organisation_id where c.id = v_customer.id;
  insert into public.customer_people (account_id, organisation_id, full_name, is_admin, created_at)
  values (p_account_id, v_organisation_id, coalesce(nullif(pg_catalog.left(pg_catalog.btrim(v_customer.name), 200), ''), v_customer.email), true, v_now);
  update public.orders o set identity_verified_at = v_now where o.customer_id = v_customer.id and o.identity_verified_at is null;
  return pg_catalog.jsonb_build_object('organisation_id', v_organisation_id);
end;
$$;

-- Only the worker's service-role key may call them (Supabase gives anon and authenticated EXECUTE on new functions).
revoke all on function
  public.push_request_customer_claim(bigint, text, bigint, bigint),
  public.push_customer_claim(text, bigint),
  public.push_join_by_customer_claim(text, uuid, bigint)
from public, anon, authenticated;
grant execute on function
  public.push_request_customer_claim(bigint, text, bigint, bigint),
  public.push_customer_claim(text, bigint),
  public.push_join_by_customer_claim(text, uuid, bigint)
to service_role;

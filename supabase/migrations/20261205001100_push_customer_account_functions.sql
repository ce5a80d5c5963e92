-- The worker's functions over customer accounts (issue 27, docs/decisions/0040; the tables are
-- 20261205001000_push_customer_accounts.sql): organisations made, listed and read, customers joined to them,
-- invitations issued, read and used, and an organisation's requesters listed. The same steps as D1's
-- app/backend/d1/organisations.server.ts. Instants come and go as epoch milliseconds, stored as timestamptz.
-- Only the worker's service-role key may call them (after the route's guard); every function that reaches one
-- organisation's people takes its id and checks it in the same statement. Re-runnable.
--
-- SECURITY INVOKER (the default) but for the two reads that give a requester's e-mail, which lives in Supabase Auth's
-- auth.users: only their owner reads it (as public.push_list_accounts does).

-- A new organisation: its id, or null when the name is taken (any case).
create or replace function public.push_create_organisation(p_name text, p_now bigint)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.organisations (name, created_at) values (p_name, pg_catalog.to_timestamp(p_now / 1000.0))
  on conflict ((pg_catalog.lower(name))) do nothing
  returning id into v_id;
  return v_id;
end;
$$;

-- One page of organisations in name order (any case), searched in the name: { total, items: [{ id, name, customers,
-- people }] }.
create or replace function public.push_organisations_page(p_search text, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select o.id, o.name from public.organisations o
    where coalesce(p_search, '') = '' or o.name ilike private.push_like_pattern(p_search)
  ),
  page as (
    select m.id, m.name,
      (select pg_catalog.count(*) from public.customers c where c.organisation_id = m.id) as customers,
      (select pg_catalog.count(*) from public.customer_people p where p.organisation_id = m.id) as people
    from matching m order by pg_catalog.lower(m.name), m.id limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(p) order by pg_catalog.lower(p.name), p.id) from page p), '[]'::jsonb));
$$;

-- The organisation's requesters by name, at most p_limit: [{ account_id, full_name, email, is_admin }].
create or replace function public.push_organisation_people(p_organisation_id bigint, p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) order by pg_catalog.lower(r.full_name), r.account_id), '[]'::jsonb)
  from (
    select p.account_id, p.full_name, a.email::text as email, p.is_admin
    from public.customer_people p join auth.users a on a.id = p.account_id
    where p.organisation_id = p_organisation_id
    order by pg_catalog.lower(p.full_name), p.account_id
    limit p_limit
  ) r;
$$;

-- The organisation with its customers, its requesters and its invitations still open at p_now (each at most p_limit),
-- or null: { id, name, customers: [{ id, name, email }], people: […], invitations: [{ email, full_name, is_admin,
-- invited_by, created_at, expires_at }] }.
create or replace function public.push_organisation(p_id bigint, p_now bigint, p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', o.id,
    'name', o.name,
    'customers', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email) order by pg_catalog.lower(c.name), c.id)
      from (select * from public.customers c where c.organisation_id = o.id order by pg_catalog.lower(c.name), c.id limit p_limit) c), '[]'::jsonb),
    'people', public.push_organisation_people(o.id, p_limit),
    'invitations', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(i) order by i.created_at desc)
      from (
        select i.email, i.full_name, i.is_admin, i.invited_by, i.created_at, i.expires_at from public.customer_invitations i
        where i.organisation_id = o.id and i.used_at is null and i.expires_at > pg_catalog.to_timestamp(p_now / 1000.0)
        order by i.created_at desc limit p_limit
      ) i), '[]'::jsonb))
  from public.organisations o where o.id = p_id;
$$;

-- The customers row with this e-mail joins the organisation: { name }, or { reason: 'no-customer' | 'not-found' }.
create or replace function public.push_organisation_add_customer(p_organisation_id bigint, p_email text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_name text;
begin
  if not exists (select 1 from public.organisations o where o.id = p_organisation_id) then
    return pg_catalog.jsonb_build_object('reason', 'not-found');
  end if;
  update public.customers c set organisation_id = p_organisation_id where c.email = pg_catalog.lower(p_email) returning c.name into v_name;
  if v_name is null then
    return pg_catalog.jsonb_build_object('reason', 'no-customer');
  end if;
  return pg_catalog.jsonb_build_object('name', v_name);
end;
$$;

-- A new invitation of the organisation (only the token's SHA-256 kept): whether the organisation exists.
create or replace function public.push_invite_customer_person(
  p_organisation_id bigint, p_email text, p_full_name text, p_is_admin boolean, p_invited_by text,
  p_token_hash text, p_now bigint, p_expires_at bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.customer_invitations (token_hash, organisation_id, email, full_name, is_admin, invited_by, created_at, expires_at)
  select p_token_hash, o.id, pg_catalog.lower(p_email), p_full_name, p_is_admin, p_invited_by,
         pg_catalog.to_timestamp(p_now / 1000.0), pg_catalog.to_timestamp(p_expires_at / 1000.0)
  from public.organisations o where o.id = p_organisation_id;
  return found;
end;
$$;

-- What an invitation link shows while it is open (not used, not expired at p_now): { organisation_name, email,
-- full_name }, or null — unknown, used and expired alike.
create or replace function public.push_customer_invitation(p_token_hash text, p_now bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('organisation_name', o.name, 'email', i.email, 'full_name', i.full_name)
  from public.customer_invitations i join public.organisations o on o.id = i.organisation_id
  where i.token_hash = p_token_hash and i.used_at is null and i.expires_at > pg_catalog.to_timestamp(p_now / 1000.0);
$$;

-- Uses the invitation for the account the worker has just made (Supabase Auth's admin API): the invitation is used
-- only if still open (the UPDATE locks its row, so two accepts at once cannot both use it); then the requester's row
-- and their customers row (found by the e-mail, joining the organisation, or made). False, and nothing written, when
-- the invitation was not open: the worker then deletes the account it made.
create or replace function public.push_accept_customer_invitation(p_token_hash text, p_account_id uuid, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_invitation public.customer_invitations;
  v_now timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
begin
  update public.customer_invitations i set used_at = v_now
  where i.token_hash = p_token_hash and i.used_at is null and i.expires_at > v_now
  returning i.* into v_invitation;
  if v_invitation.token_hash is null then
    return false;
  end if;
  insert into public.customer_people (account_id, organisation_id, full_name, is_admin, created_at)
  values (p_account_id, v_invitation.organisation_id, v_invitation.full_name, v_invitation.is_admin, v_now);
  insert into public.customers (name, email, created_at, organisation_id)
  values (v_invitation.full_name, v_invitation.email, v_now, v_invitation.organisation_id)
  on conflict (email) do update set organisation_id = excluded.organisation_id;
  return true;
end;
$$;

-- Only the worker's service-role key may call them (Supabase gives anon and authenticated EXECUTE on new functions).
revoke all on function
  public.push_create_organisation(text, bigint),
  public.push_organisations_page(text, integer, integer),
  public.push_organisation_people(bigint, integer),
  public.push_organisation(bigint, bigint, integer),
  public.push_organisation_add_customer(bigint, text),
  public.push_invite_customer_person(bigint, text, text, boolean, text, text, bigint, bigint),
  public.push_customer_invitation(text, bigint),
  public.push_accept_customer_invitation(text, uuid, bigint)
from public, anon, authenticated;
grant execute on function
  public.push_create_organisation(text, bigint),
  public.push_organisations_page(text, integer, integer),
  public.push_organisation_people(bigint, integer),
  public.push_organisation(bigint, bigint, integer),
  public.push_organisation_add_customer(bigint, text),
  public.push_invite_customer_person(bigint, text, text, boolean, text, text, bigint, bigint),
  public.push_customer_invitation(text, bigint),
  public.push_accept_customer_invitation(text, uuid, bigint)
to service_role;

-- Customer accounts (issue 27, docs/decisions/0040): organisations, the people who sign in for them (requesters) and
-- the invitations that make those accounts. What an organisation owns is what its customers own (orders,
-- appointments, invoices, call-log lines, ratings are reached through customers.organisation_id). The same model as
-- D1's migrations/0034_customer_accounts.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route's guard):
--   organisations          admins read every row; a requester reads their own organisation
--   customer_people        admins read every row; a requester reads the people of their own organisation
--   customer_invitations   nobody (the service role only: a token's hash is nobody else's business)
--   customers              as before (admins read) and a requester reads their own organisation's customers
--   anon                   nothing at all

create table if not exists public.organisations (
  id         bigint generated always as identity primary key,
  name       text not null check (pg_catalog.length(pg_catalog.btrim(name)) between 1 and 200),
  created_at timestamptz not null default now()
);
create unique index if not exists organisations_name_key on public.organisations (pg_catalog.lower(name));

-- A walk-in customer belongs to none. Removing an organisation leaves its customers (and their work) as walk-ins.
alter table public.customers add column if not exists organisation_id bigint
  references public.organisations (id) on delete set null;
create index if not exists customers_organisation_idx on public.customers (organisation_id, id) where organisation_id is not null;

-- A requester: a sign-in account (auth.users) with this row and no public.users row (it is not staff).
create table if not exists public.customer_people (
  account_id      uuid primary key references auth.users (id) on delete cascade,
  organisation_id bigint not null references public.organisations (id) on delete cascade,
  full_name       text not null check (pg_catalog.length(pg_catalog.btrim(full_name)) between 1 and 200),
  is_admin        boolean not null default false,
  created_at      timestamptz not null default now()
);
create index if not exists customer_people_organisation_idx on public.customer_people (organisation_id, full_name, account_id);

-- An invitation link: only the SHA-256 (hex) of its token is kept. Valid 7 days, used once (used_at).
create table if not exists public.customer_invitations (
  token_hash      text primary key,
  organisation_id bigint not null references public.organisations (id) on delete cascade,
  email           text not null check (email = pg_catalog.lower(email)),
  full_name       text not null,
  is_admin        boolean not null default false,
  invited_by      text not null,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  used_at         timestamptz
);
create index if not exists customer_invitations_organisation_idx on public.customer_invitations (organisation_id, created_at desc);
create index if not exists customer_invitations_email_idx on public.customer_invitations (email, created_at desc);

-- The signed-in caller's organisation, or null (staff, or nobody). SECURITY DEFINER: it reads customer_people as its
-- owner, so policies that call it neither depend on nor recurse into that table's own policies.
create or replace function private.organisation_of_caller()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select p.organisation_id from public.customer_people p where p.account_id = (select auth.uid());
$$;
revoke all on function private.organisation_of_caller() from public, anon;
grant execute on function private.organisation_of_caller() to authenticated;

alter table public.organisations enable row level security;
alter table public.customer_people enable row level security;
alter table public.customer_invitations enable row level security;

drop policy if exists "organisations: admins all, requesters their own" on public.organisations;
create policy "organisations: admins all, requesters their own" on public.organisations
  for select to authenticated using ((select private.is_admin()) or id = (select private.organisation_of_caller()));
drop policy if exists "customer_people: admins all, requesters their organisation's" on public.customer_people;
create policy "customer_people: admins all, requesters their organisation's" on public.customer_people
  for select to authenticated using ((select private.is_admin()) or organisation_id = (select private.organisation_of_caller()));
drop policy if exists "customers: requesters their organisation's" on public.customers;
create policy "customers: requesters their organisation's" on public.customers
  for select to authenticated using (organisation_id = (select private.organisation_of_caller()));

revoke all on table public.organisations, public.customer_people, public.customer_invitations from public, anon, authenticated;
grant select on table public.organisations, public.customer_people to authenticated;

-- PUSH on Supabase, part 3: account administration (issue 10, items 8–10; docs/decisions/0013) — the devices of
-- "Your sessions", the security log, and a guard that always keeps an administrator who can sign in.
-- The D1 counterpart is migrations/0005_account_administration.sql.
--
-- Locking an account is a Supabase Auth ban (auth.users.banned_until, set by the worker through the admin API); the
-- last sign-in is auth.users.last_sign_in_at. Neither needs a column here.
--
-- SAFE ON AN EXISTING PROJECT, and re-runnable: the tables and indexes are created only when missing (an existing
-- table and its rows are kept), the function is replaced, the trigger dropped and created again, and the grants
-- and revokes leave the same privileges however often they run. Nothing is dropped that holds data.
--
-- Both tables are the worker's alone: row-level security is on and there is NO policy, and anon/authenticated
-- hold no privilege on them at all (Supabase's default privileges would otherwise give them every privilege on a
-- new table). Only the service role, which bypasses row-level security, reads and writes them.

-- ─── The devices of the signed-in sessions ("Your sessions" on the Profile page) ───────────────────────────────

-- One row per Supabase Auth session: session_id is the session_id claim of the session's access tokens. The worker
-- writes the row at sign-in (the browser's user agent and the client address), refreshes last_seen_at at most every
-- 5 minutes of use, and deletes rows when it ends sessions. Deleting an account deletes its rows.
create table if not exists public.session_devices (
  session_id   uuid primary key,
  user_id      uuid not null references auth.users (id) on delete cascade,
  user_agent   text,
  address      text,
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
-- "This account's sessions", and the cascade from auth.users.
create index if not exists session_devices_user_id_idx on public.session_devices (user_id);

-- ─── The security log ──────────────────────────────────────────────────────────────────────────────────────────

-- Who did what, when, from where. No password, token or cookie is ever stored here. Kept 90 days (the worker's cron
-- deletes older rows). `account` is the e-mail an event is about (it may have no account: a failed sign-in); the
-- worker stores it lower-cased, so "the events about this address" is a plain equality PostgREST can filter on.
create table if not exists public.security_events (
  id         bigint generated always as identity primary key,
  at         timestamptz not null,
  kind       text not null,
  account    text,
  actor      text,
  address    text,
  user_agent text,
  detail     text not null default ''
);
-- The pruning (at < …) and the whole log, newest first.
create index if not exists security_events_at_idx on public.security_events (at);
-- One address's events, newest first: account = … order by at desc. On the stored (already lower-cased) column:
-- PostgREST filters the column itself, so an index on lower(account) would never be used.
create index if not exists security_events_account_at_idx on public.security_events (account, at);

-- ─── Row-level security and privileges: the service role only ─────────────────────────────────────────────────

alter table public.session_devices enable row level security;
alter table public.security_events enable row level security;

-- No policies: drop any a hand-made copy of these tables may have, so the public keys reach nothing.
do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname
    from pg_catalog.pg_policies
    where schemaname = 'public' and tablename in ('session_devices', 'security_events')
  loop
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
  end loop;
end
$$;

revoke all on table public.session_devices, public.security_events from public, anon, authenticated;
grant select, insert, update, delete on table public.session_devices, public.security_events to service_role;

-- The identity's sequence: default privileges give the API roles usage on it too; they have no use for it.
do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated',
                 pg_catalog.pg_get_serial_sequence('public.security_events', 'id'));
end
$$;

-- ─── Always an administrator who can sign in ───────────────────────────────────────────────────────────────────

-- Refuses a change that takes the admin role away from a users row when no OTHER admin remains whose account is not
-- banned (locked): the Users page can then never lock everyone out of administration, whoever makes the change
-- (the worker's service role, an admin through the API, or postgres in the SQL editor).
--
-- Role changes that demote an admin run one at a time (a transaction-scoped advisory lock): two admins demoting each
-- other at once would otherwise each see the other still admin, and both succeed. Under READ COMMITTED (PostgREST's
-- isolation level) the check below runs after the lock is held, with a fresh snapshot, so it sees the change of
-- the transaction it waited for. VOLATILE (the default) on purpose: in a statement that demotes several admins, each
-- row's check sees the rows demoted before it.
--
-- SECURITY DEFINER: it reads auth.users (banned_until), which the API roles cannot; the empty search_path makes
-- every name explicit. Fires after private.guard_users_role (triggers fire in name order), so a caller who may not
-- change roles at all is refused by that guard first.
create or replace function private.keep_an_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role is distinct from 'admin' or new.role is not distinct from 'admin' then
    return new;
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('push: users.role admin change'));

  if not exists (
    select 1
    from public.users u
    join auth.users a on a.id = u.id
    where u.role = 'admin'
      and u.id <> old.id
      and (a.banned_until is null or a.banned_until <= pg_catalog.now())
  ) then
    raise exception 'the last administrator who can sign in keeps the admin role'
      using errcode = '23514',
            detail = format('users.role admin → %s refused for %s: no other unlocked admin', new.role, old.id),
            hint = 'Make another account admin, or unlock one, first.';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_an_admin() from public, anon, authenticated;

drop trigger if exists users_keep_an_admin on public.users;
create trigger users_keep_an_admin
  before update of role on public.users
  for each row
  when (old.role = 'admin' and new.role is distinct from 'admin')
  execute function private.keep_an_admin();

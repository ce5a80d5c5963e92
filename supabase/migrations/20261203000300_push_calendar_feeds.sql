-- An interpreter's private calendar subscription (issue 25): one feed per person, its token kept only as a SHA-256
-- (hex), as private links are — the same model as D1's migrations/0022_calendar_feeds.sql. A new feed replaces the old
-- one (its URL stops working); revoking deletes the row, so the URL answers 404; deleting the person deletes it.
-- Instants are timestamptz; the functions take and give epoch milliseconds. Re-runnable.
--
-- Who reaches what through the public API: NOBODY but the service role, not even the feed's owner or an admin, and
-- anon nothing at all. The token hash is secret-equivalent: whoever could write a hash they know the token of into
-- someone's row would read that person's appointments through the feed, and whoever could read the rows would learn
-- who has a feed and when it was made. The worker issues, revokes and reads feeds with the service role, after the
-- route has checked who acts (a signed-in person their own; the feed's route finds the owner by the token's hash).
-- Each change and each read is ONE call of a function below (supabase-js .rpc(); the hash travels in the body, never in
-- a URL). Only the service role may call them.

-- ─── The table ─────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.calendar_feeds (
  user_id    uuid primary key references public.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  issued_at  timestamptz not null
);

-- ─── Row-level security and privileges: the service role only ─────────────────────────────────────────────────

-- Row-level security on and no policy: a key that is not the service role's reaches no row, even if a privilege were
-- granted by mistake later.
alter table public.calendar_feeds enable row level security;

revoke all on table public.calendar_feeds from public, anon, authenticated;
grant select, insert, update, delete on table public.calendar_feeds to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the appointments' and the offers' functions: they run as the service
-- role that calls them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- A new feed for p_user_id with p_token_hash, issued at p_now, replacing theirs if any (its token and issued_at; the
-- old token opens nothing from then on). Stored only for an existing users row: whether it was.
create or replace function public.push_issue_calendar_feed(p_user_id uuid, p_token_hash text, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.calendar_feeds (user_id, token_hash, issued_at)
  select u.id, p_token_hash, pg_catalog.to_timestamp(p_now / 1000.0)
  from public.users u
  where u.id = p_user_id
  on conflict (user_id) do update set token_hash = excluded.token_hash, issued_at = excluded.issued_at;
  return found;
end;
$$;

-- Deletes the person's feed: whether they had one.
create or replace function public.push_revoke_calendar_feed(p_user_id uuid)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.calendar_feeds f where f.user_id = p_user_id;
  return found;
end;
$$;

-- When the person's feed was issued, or null when they have none.
create or replace function public.push_calendar_feed_issued_at(p_user_id uuid)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select f.issued_at from public.calendar_feeds f where f.user_id = p_user_id;
$$;

-- Whose feed the token with this SHA-256 (hex) opens, or null.
create or replace function public.push_calendar_feed_owner(p_token_hash text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select f.user_id from public.calendar_feeds f where f.token_hash = p_token_hash;
$$;

-- What the person's feed lists: their appointments starting at or after p_since that were confirmed to them —
-- confirmed, completed, or cancelled after (a cancelled appointment keeps its interpreter, and the feed says it is
-- cancelled) — by start then id, at most p_limit, each as private.push_appointment. Served by
-- appointments_interpreter_starts_idx.
create or replace function public.push_calendar_feed_appointments(p_user_id uuid, p_since bigint, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_appointment(f.id) order by f.starts_at, f.id), '[]'::jsonb)
  from (
    select a.id, a.starts_at from public.appointments a
    where a.interpreter_id = p_user_id
      and a.status in ('confirmed', 'completed', 'cancelled')
      and a.starts_at >= pg_catalog.to_timestamp(p_since / 1000.0)
    order by a.starts_at, a.id
    limit p_limit
  ) f;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_issue_calendar_feed(uuid, text, bigint),
  public.push_revoke_calendar_feed(uuid),
  public.push_calendar_feed_issued_at(uuid),
  public.push_calendar_feed_owner(text),
  public.push_calendar_feed_appointments(uuid, bigint, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_issue_calendar_feed(uuid, text, bigint),
  public.push_revoke_calendar_feed(uuid),
  public.push_calendar_feed_issued_at(uuid),
  public.push_calendar_feed_owner(text),
  public.push_calendar_feed_appointments(uuid, bigint, integer)
  to service_role;

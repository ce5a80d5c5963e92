-- Interpreters' availability and credentials (issue 25): the same model as D1's migrations/0019_availability.sql.
-- Hours are wall-clock minutes in the company's zone, days its calendar dates (date; 'YYYY-MM-DD' in JSON): "Monday
-- 09:00 to 17:00" stays that, summer and winter. Re-runnable.
--
-- Who reaches what through the public API (the worker does everything else with the service role, after the route
-- has checked who acts):
--   working_hours, time_off   admins everything; an interpreter reads and writes their own rows (and no one else's)
--   credentials               admins everything; an interpreter reads their own, and records none: only admins do
--   anon                      nothing at all
-- Replacing a week's hours is ONE call of a function below (supabase-js .rpc(), one transaction), and so is each read
-- of several tables (one snapshot). Only the service role may call them.

-- ─── The tables ────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.working_hours (
  user_id      uuid not null references public.users (id) on delete cascade,
  -- ISO weekday: Monday 1 ... Sunday 7.
  weekday      integer not null check (weekday between 1 and 7),
  start_minute integer not null check (start_minute between 0 and 1439),
  end_minute   integer not null check (end_minute between 1 and 1440),
  constraint working_hours_interval_check check (start_minute < end_minute),
  primary key (user_id, weekday, start_minute)
);

create table if not exists public.time_off (
  id         bigint generated always as identity primary key,
  user_id    uuid not null references public.users (id) on delete cascade,
  first_day  date not null,
  last_day   date not null,
  note       text not null default '',
  created_at timestamptz not null default now(),
  constraint time_off_days_check check (first_day <= last_day)
);
create index if not exists time_off_user_idx on public.time_off (user_id, first_day);

create table if not exists public.credentials (
  id         bigint generated always as identity primary key,
  user_id    uuid not null references public.users (id) on delete cascade,
  name       text not null check (pg_catalog.length(name) between 1 and 80),
  -- Valid through this day; null: does not expire.
  expires_on date,
  created_at timestamptz not null default now()
);
create index if not exists credentials_user_idx on public.credentials (user_id);
-- The admins' "expiring within 30 days" list.
create index if not exists credentials_expiring_idx on public.credentials (expires_on) where expires_on is not null;

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.working_hours enable row level security;
alter table public.time_off      enable row level security;
alter table public.credentials   enable row level security;

-- One policy per command, each for signed-in users only (anon holds no privilege anyway). The with check clauses
-- keep an interpreter from moving a row of theirs onto someone else.
drop policy if exists "working_hours: own rows, admins all" on public.working_hours;
drop policy if exists "working_hours: own rows, admins insert" on public.working_hours;
drop policy if exists "working_hours: own rows, admins update" on public.working_hours;
drop policy if exists "working_hours: own rows, admins delete" on public.working_hours;
create policy "working_hours: own rows, admins all" on public.working_hours
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "working_hours: own rows, admins insert" on public.working_hours
  for insert to authenticated with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "working_hours: own rows, admins update" on public.working_hours
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "working_hours: own rows, admins delete" on public.working_hours
  for delete to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "time_off: own rows, admins all" on public.time_off;
drop policy if exists "time_off: own rows, admins insert" on public.time_off;
drop policy if exists "time_off: own rows, admins update" on public.time_off;
drop policy if exists "time_off: own rows, admins delete" on public.time_off;
create policy "time_off: own rows, admins all" on public.time_off
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "time_off: own rows, admins insert" on public.time_off
  for insert to authenticated with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "time_off: own rows, admins update" on public.time_off
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "time_off: own rows, admins delete" on public.time_off
  for delete to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

drop policy if exists "credentials: own rows, admins all" on public.credentials;
drop policy if exists "credentials: admins insert" on public.credentials;
drop policy if exists "credentials: admins update" on public.credentials;
drop policy if exists "credentials: admins delete" on public.credentials;
create policy "credentials: own rows, admins all" on public.credentials
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "credentials: admins insert" on public.credentials
  for insert to authenticated with check ((select private.is_admin()));
create policy "credentials: admins update" on public.credentials
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "credentials: admins delete" on public.credentials
  for delete to authenticated using ((select private.is_admin()));

-- Signed-in users get the table privileges and the policies decide; anon gets none (Supabase's default privileges
-- would give it everything, TRUNCATE included, which ignores row-level security).
revoke all on table public.working_hours, public.time_off, public.credentials from public, anon, authenticated;
grant select, insert, update, delete on table public.working_hours, public.time_off, public.credentials to authenticated;
grant select, insert, update, delete on table public.working_hours, public.time_off, public.credentials to service_role;

-- Identity columns draw from their sequences without a sequence privilege: the API roles need none.
do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.time_off', 'id'));
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.credentials', 'id'));
end
$$;

-- ─── Helpers (schema private): one person's rows as JSON, in the port's orders ─────────────────────────────────

-- [{ weekday, start_minute, end_minute }] by weekday, then start.
create or replace function private.push_working_hours(p_user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'weekday', h.weekday, 'start_minute', h.start_minute, 'end_minute', h.end_minute)
         order by h.weekday, h.start_minute), '[]'::jsonb)
  from public.working_hours h
  where h.user_id = p_user_id;
$$;

-- [{ id, first_day, last_day, note }] by first day, then id; only the spans that end on or after p_from and begin on
-- or before p_until (a null bound: no limit on that side).
create or replace function private.push_time_off(p_user_id uuid, p_from date, p_until date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', t.id, 'first_day', t.first_day, 'last_day', t.last_day, 'note', t.note)
         order by t.first_day, t.id), '[]'::jsonb)
  from public.time_off t
  where t.user_id = p_user_id
    and (p_from is null or t.last_day >= p_from)
    and (p_until is null or t.first_day <= p_until);
$$;

-- [{ id, name, expires_on }] by name (code points, as D1 orders text), then id.
create or replace function private.push_credentials(p_user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', c.id, 'name', c.name, 'expires_on', c.expires_on)
         order by c.name collate "C", c.id), '[]'::jsonb)
  from public.credentials c
  where c.user_id = p_user_id;
$$;

revoke all on function
  private.push_working_hours(uuid), private.push_time_off(uuid, date, date), private.push_credentials(uuid)
  from public, anon, authenticated;
grant execute on function
  private.push_working_hours(uuid), private.push_time_off(uuid, date, date), private.push_credentials(uuid)
  to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the orders' and the appointments' functions: they run as the service
-- role that calls them. Instants come as epoch milliseconds, compared with timestamptz through to_timestamp(ms / 1000.0).

-- One interpreter's { hours, time_off, credentials } (the helpers above, all of their time off), in one snapshot;
-- null when there is no such users row.
create or replace function public.push_availability_of(p_user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'name', u.full_name,
    'hours', private.push_working_hours(u.id),
    'time_off', private.push_time_off(u.id, null, null),
    'credentials', private.push_credentials(u.id))
  from public.users u
  where u.id = p_user_id;
$$;

-- Replaces an interpreter's week, all or nothing: p_hours is [{ weekday, start_minute, end_minute }] (merged per
-- weekday already); an interval the table refuses (start >= end, out of range, a start twice) refuses the whole call
-- and the week before stays. False, changing nothing, when there is no such users row. The users row is locked first
-- (FOR NO KEY UPDATE, which foreign-key checks do not wait for), so two replacements of one week run one after the
-- other and the second sees the first's rows.
create or replace function public.push_set_working_hours(p_user_id uuid, p_hours jsonb)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform 1 from public.users u where u.id = p_user_id for no key update;
  if not found then
    return false;
  end if;
  delete from public.working_hours h where h.user_id = p_user_id;
  insert into public.working_hours (user_id, weekday, start_minute, end_minute)
  select p_user_id, h.weekday, h.start_minute, h.end_minute
  from pg_catalog.jsonb_to_recordset(coalesce(p_hours, '[]'::jsonb)) as h (weekday integer, start_minute integer, end_minute integer);
  return true;
end;
$$;

-- A span of time off; its id, or null (storing nothing) when there is no such users row. The table refuses a span
-- that ends before it begins.
create or replace function public.push_add_time_off(p_user_id uuid, p_first_day date, p_last_day date, p_note text)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.time_off (user_id, first_day, last_day, note)
  select p_user_id, p_first_day, p_last_day, p_note
  where exists (select 1 from public.users u where u.id = p_user_id)
  returning id;
$$;

-- A credential (p_expires_on null: it does not expire); its id, or null (storing nothing) when there is no such users row.
create or replace function public.push_add_credential(p_user_id uuid, p_name text, p_expires_on date)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.credentials (user_id, name, expires_on)
  select p_user_id, p_name, p_expires_on
  where exists (select 1 from public.users u where u.id = p_user_id)
  returning id;
$$;

-- The credentials expiring in [p_from, p_until], soonest first, then by name (code points), then id, each with its
-- holder: [{ id, user_id, name, expires_on, full_name }].
create or replace function public.push_expiring_credentials(p_from date, p_until date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', c.id, 'user_id', c.user_id, 'name', c.name, 'expires_on', c.expires_on, 'full_name', u.full_name)
         order by c.expires_on, c.name collate "C", c.id), '[]'::jsonb)
  from public.credentials c
  join public.users u on u.id = c.user_id
  where c.expires_on between p_from and p_until;
$$;

-- Who could be offered an appointment in language p_language_id over the blocked span [p_from, p_to) (epoch ms), in
-- one snapshot: { linked, unlinked }. linked: everyone linked to the language, by name (code points), then id, each
-- { id, name, hours, time_off, credentials, busy }, where time_off is only the spans near the span (last day on or after
-- the UTC date a day before p_from, first day on or before the UTC date a day after p_to: the company's dates of the
-- span lie within) and busy the blocked spans [{ from, to }] of their OTHER confirmed appointments (id <> p_except) that
-- overlap it, half-open, by start. unlinked: how many users with role 'interpreter' are not linked to it.
create or replace function public.push_availability_candidates(p_language_id bigint, p_from bigint, p_to bigint, p_except bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with span as (
    select pg_catalog.to_timestamp(p_from / 1000.0) as from_at,
           pg_catalog.to_timestamp(p_to / 1000.0) as to_at,
           (pg_catalog.to_timestamp(p_from / 1000.0 - 86400) at time zone 'UTC')::date as first_day,
           (pg_catalog.to_timestamp(p_to / 1000.0 + 86400) at time zone 'UTC')::date as last_day
  ),
  linked as (
    select u.id, u.full_name
    from public.users u
    where exists (select 1 from public.user_languages ul where ul.user_id = u.id and ul.language_id = p_language_id)
  )
  select pg_catalog.jsonb_build_object(
    'linked', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', l.id,
               'name', l.full_name,
               'hours', private.push_working_hours(l.id),
               'time_off', private.push_time_off(l.id, s.first_day, s.last_day),
               'credentials', private.push_credentials(l.id),
               'busy', coalesce((
                 select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('from', pg_catalog.lower(a.blocked), 'to', pg_catalog.upper(a.blocked))
                        order by pg_catalog.lower(a.blocked), a.id)
                 from public.appointments a
                 where a.interpreter_id = l.id and a.status = 'confirmed' and a.id <> p_except
                   and pg_catalog.lower(a.blocked) < s.to_at and pg_catalog.upper(a.blocked) > s.from_at), '[]'::jsonb))
             order by l.full_name collate "C", l.id)
      from linked l cross join span s), '[]'::jsonb),
    'unlinked', (
      select pg_catalog.count(*)
      from public.users u
      where u.role = 'interpreter'
        and not exists (select 1 from public.user_languages ul where ul.user_id = u.id and ul.language_id = p_language_id)));
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_availability_of(uuid),
  public.push_set_working_hours(uuid, jsonb),
  public.push_add_time_off(uuid, date, date, text),
  public.push_add_credential(uuid, text, date),
  public.push_expiring_credentials(date, date),
  public.push_availability_candidates(bigint, bigint, bigint, bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_availability_of(uuid),
  public.push_set_working_hours(uuid, jsonb),
  public.push_add_time_off(uuid, date, date, text),
  public.push_add_credential(uuid, text, date),
  public.push_expiring_credentials(date, date),
  public.push_availability_candidates(bigint, bigint, bigint, bigint)
  to service_role;

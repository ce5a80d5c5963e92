-- Preferred and blocked interpreters (issue 27, docs/decisions/0041): each organisation's stance on an interpreter,
-- set by staff, and an organisation admin's requests for a preference, which staff accept or decline — the same model
-- as D1's migrations/0037_interpreter_preferences.sql. The interpreter is never told either. The offers' candidates
-- (push_availability_candidates, replaced below) leave out whom the appointment's organisation blocks and mark whom
-- it prefers, in the one query that chooses them. Instants are timestamptz; the functions take and give epoch
-- milliseconds. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route's guard):
--   interpreter_stances   admins read every row; a requester reads their own organisation's PREFERRED rows only —
--                         a block often records a complaint about a person, which the organisation's other people
--                         need not read (staff tell them when it matters)
--   preference_requests   admins read every row; a requester reads their own organisation's requests
--   interpreters          nothing of either (they are never told)
--   anon                  nothing at all

create table if not exists public.interpreter_stances (
  organisation_id bigint not null references public.organisations (id) on delete cascade,
  interpreter_id  uuid not null references public.users (id) on delete cascade,
  stance          text not null check (stance in ('preferred', 'blocked')),
  -- The staff account that set it, kept as text like the other "by" columns (it outlives the account).
  set_by          text not null,
  set_at          timestamptz not null,
  primary key (organisation_id, interpreter_id)
);
-- Removing an interpreter deletes their stances: found by this index, not by reading every organisation's.
create index if not exists interpreter_stances_interpreter_idx on public.interpreter_stances (interpreter_id);

create table if not exists public.preference_requests (
  id              bigint generated always as identity primary key,
  organisation_id bigint not null references public.organisations (id) on delete cascade,
  interpreter_id  uuid not null references public.users (id) on delete cascade,
  requested_by    uuid not null references auth.users (id) on delete cascade,
  note            text not null default '' check (pg_catalog.length(note) <= 500),
  created_at      timestamptz not null,
  status          text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  answered_by     text,
  answered_at     timestamptz
);
-- At most one pending request per pair; staff's list of pending ones reads this index.
create unique index if not exists preference_requests_pending_idx on public.preference_requests (organisation_id, interpreter_id)
  where status = 'pending';

alter table public.interpreter_stances enable row level security;
alter table public.preference_requests enable row level security;

drop policy if exists "interpreter_stances: admins all, requesters own preferred" on public.interpreter_stances;
create policy "interpreter_stances: admins all, requesters own preferred" on public.interpreter_stances
  for select to authenticated
  using ((select private.is_admin()) or (stance = 'preferred' and organisation_id = (select private.organisation_of_caller())));
drop policy if exists "preference_requests: admins all, requesters their own" on public.preference_requests;
create policy "preference_requests: admins all, requesters their own" on public.preference_requests
  for select to authenticated
  using ((select private.is_admin()) or organisation_id = (select private.organisation_of_caller()));

revoke all on table public.interpreter_stances, public.preference_requests from public, anon, authenticated;
grant select on table public.interpreter_stances, public.preference_requests to authenticated;
grant select, insert, update, delete on table public.interpreter_stances, public.preference_requests to service_role;

-- ─── The API (service role only; SECURITY INVOKER, as the offers' functions) ─────────────────────────────────────

-- The interpreters confirmed to (or who did) the organisation's appointments.
create or replace function private.push_past_interpreter_ids(p_organisation_id bigint)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select distinct a.interpreter_id from public.appointments a
  join public.customers c on c.id = a.customer_id and c.organisation_id = p_organisation_id
  where a.status in ('confirmed', 'completed') and a.interpreter_id is not null;
$$;
revoke all on function private.push_past_interpreter_ids(bigint) from public, anon, authenticated;
grant execute on function private.push_past_interpreter_ids(bigint) to service_role;

-- Sets the organisation's stance on an interpreter (replacing theirs): whether both exist (nothing stored otherwise).
create or replace function public.push_set_interpreter_stance(p_organisation_id bigint, p_interpreter_id uuid, p_stance text, p_by text, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at)
  select o.id, u.id, p_stance, p_by, pg_catalog.to_timestamp(p_now / 1000.0)
  from public.organisations o join public.users u on u.id = p_interpreter_id
  where o.id = p_organisation_id
  on conflict (organisation_id, interpreter_id) do update set stance = excluded.stance, set_by = excluded.set_by, set_at = excluded.set_at;
  return found;
end;
$$;

-- Removes it: whether there was one.
create or replace function public.push_clear_interpreter_stance(p_organisation_id bigint, p_interpreter_id uuid)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.interpreter_stances s where s.organisation_id = p_organisation_id and s.interpreter_id = p_interpreter_id;
  return found;
end;
$$;

-- The organisation's name and stances, preferred first, then by name (code points), then id; null when no such
-- organisation: { name, stances: [{ interpreter_id, full_name, stance, set_at (ms), set_by_name }] }.
create or replace function public.push_interpreter_stances(p_organisation_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('name', o.name, 'stances', coalesce((
           select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                    'interpreter_id', s.interpreter_id, 'full_name', u.full_name, 'stance', s.stance,
                    'set_at', (extract(epoch from s.set_at) * 1000)::bigint, 'set_by_name', b.full_name)
                  order by s.stance = 'blocked', u.full_name collate "C", u.id)
           from public.interpreter_stances s
           join public.users u on u.id = s.interpreter_id
           left join public.users b on b.id::text = s.set_by
           where s.organisation_id = o.id), '[]'::jsonb))
  from public.organisations o
  where o.id = p_organisation_id;
$$;

-- The organisation's past interpreters by name (code points), then id: [{ id, full_name }].
create or replace function public.push_past_interpreters(p_organisation_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', u.id, 'full_name', u.full_name) order by u.full_name collate "C", u.id), '[]'::jsonb)
  from public.users u
  where u.id in (select private.push_past_interpreter_ids(p_organisation_id));
$$;

-- An organisation admin's request for a preferred interpreter: { id } or { reason } — 'already' (preferred now),
-- 'pending' (one waits), 'not-found' (not a past interpreter of the organisation, or the account is not its requester).
create or replace function public.push_request_preference(p_organisation_id bigint, p_account_id uuid, p_interpreter_id uuid, p_note text, p_now bigint)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  if exists (select 1 from public.interpreter_stances s
             where s.organisation_id = p_organisation_id and s.interpreter_id = p_interpreter_id and s.stance = 'preferred') then
    return pg_catalog.jsonb_build_object('reason', 'already');
  end if;
  if exists (select 1 from public.preference_requests r
             where r.organisation_id = p_organisation_id and r.interpreter_id = p_interpreter_id and r.status = 'pending') then
    return pg_catalog.jsonb_build_object('reason', 'pending');
  end if;
  insert into public.preference_requests (organisation_id, interpreter_id, requested_by, note, created_at)
  select p.organisation_id, p_interpreter_id, p.account_id, p_note, pg_catalog.to_timestamp(p_now / 1000.0)
  from public.customer_people p
  where p.account_id = p_account_id and p.organisation_id = p_organisation_id
    and p_interpreter_id in (select private.push_past_interpreter_ids(p_organisation_id))
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    -- Nothing stored: another request for the pair committed in the meantime (the unique index), or not allowed at all.
    return pg_catalog.jsonb_build_object('reason', case when exists (
      select 1 from public.preference_requests r
      where r.organisation_id = p_organisation_id and r.interpreter_id = p_interpreter_id and r.status = 'pending') then 'pending' else 'not-found' end);
  end if;
  return pg_catalog.jsonb_build_object('id', v_id);
end;
$$;

-- The interpreters the organisation of customer p_customer_id blocks (none for a walk-in), by id: whom a call billed
-- to them never rings.
create or replace function public.push_blocked_interpreters(p_customer_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(s.interpreter_id order by s.interpreter_id), '[]'::jsonb)
  from public.interpreter_stances s
  join public.customers c on c.organisation_id = s.organisation_id
  where c.id = p_customer_id and s.stance = 'blocked';
$$;

-- The organisation's pending requests, oldest first:
-- [{ id, interpreter_id, full_name, requested_by_name, note, created_at (ms) }].
create or replace function public.push_preference_requests(p_organisation_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', r.id, 'interpreter_id', r.interpreter_id, 'full_name', u.full_name, 'requested_by_name', p.full_name,
           'note', r.note, 'created_at', (extract(epoch from r.created_at) * 1000)::bigint)
         order by r.created_at, r.id), '[]'::jsonb)
  from public.preference_requests r
  join public.users u on u.id = r.interpreter_id
  join public.customer_people p on p.account_id = r.requested_by
  where r.organisation_id = p_organisation_id and r.status = 'pending';
$$;

-- Answers a pending request of the organisation; accepting makes the interpreter preferred in the same transaction.
-- Whether it was pending (and the organisation's).
create or replace function public.push_answer_preference_request(p_organisation_id bigint, p_request_id bigint, p_accept boolean, p_by text, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_interpreter uuid;
begin
  update public.preference_requests r
  set status = case when p_accept then 'accepted' else 'declined' end, answered_by = p_by, answered_at = pg_catalog.to_timestamp(p_now / 1000.0)
  where r.id = p_request_id and r.organisation_id = p_organisation_id and r.status = 'pending'
  returning r.interpreter_id into v_interpreter;
  if v_interpreter is null then
    return false;
  end if;
  if p_accept then
    insert into public.interpreter_stances (organisation_id, interpreter_id, stance, set_by, set_at)
    values (p_organisation_id, v_interpreter, 'preferred', p_by, pg_catalog.to_timestamp(p_now / 1000.0))
    on conflict (organisation_id, interpreter_id) do update set stance = excluded.stance, set_by = excluded.set_by, set_at = excluded.set_at;
  end if;
  return true;
end;
$$;

revoke all on function
  public.push_set_interpreter_stance(bigint, uuid, text, text, bigint),
  public.push_clear_interpreter_stance(bigint, uuid),
  public.push_interpreter_stances(bigint),
  public.push_past_interpreters(bigint),
  public.push_request_preference(bigint, uuid, uuid, text, bigint),
  public.push_preference_requests(bigint),
  public.push_blocked_interpreters(bigint),
  public.push_answer_preference_request(bigint, bigint, boolean, text, bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_set_interpreter_stance(bigint, uuid, text, text, bigint),
  public.push_clear_interpreter_stance(bigint, uuid),
  public.push_interpreter_stances(bigint),
  public.push_past_interpreters(bigint),
  public.push_request_preference(bigint, uuid, uuid, text, bigint),
  public.push_preference_requests(bigint),
  public.push_blocked_interpreters(bigint),
  public.push_answer_preference_request(bigint, bigint, boolean, text, bigint)
  to service_role;

-- ─── The offers' candidates, with the organisation's stances ──────────────────────────────────────────────────────
-- As 20261203000000_push_availability.sql's, and: whom the organisation of appointment p_except (through its
-- customer) blocks is left out — in this query, never filtered after — and each person carries 'preferred', whether
-- that organisation prefers them. Same signature and grants (service role only, set there).
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
  stances as (
    select s.interpreter_id, s.stance
    from public.appointments a
    join public.customers c on c.id = a.customer_id
    join public.interpreter_stances s on s.organisation_id = c.organisation_id
    where a.id = p_except
  ),
  linked as (
    select u.id, u.full_name, exists (select 1 from stances st where st.interpreter_id = u.id and st.stance = 'preferred') as preferred
    from public.users u
    where exists (select 1 from public.user_languages ul where ul.user_id = u.id and ul.language_id = p_language_id)
      and not exists (select 1 from stances st where st.interpreter_id = u.id and st.stance = 'blocked')
  )
  select pg_catalog.jsonb_build_object(
    'linked', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', l.id,
               'name', l.full_name,
               'preferred', l.preferred,
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

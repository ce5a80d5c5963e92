-- Ratings (issue 27, build item 4; docs/decisions/0040): a requester's score (1 to 5) and optional comment of an
-- appointment or an answered call of their organisation, one per item and rater, editable for 7 days after it was
-- first given (created_at). The organisation is the item's customer's (customers.organisation_id), never copied here.
-- The same model as D1's migrations/0038_ratings.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route's guard):
--   ratings    admins read every row; a requester reads their own organisation's (the item's customer's
--              organisation); an interpreter reads no row (their own average comes through the worker, never a rater)
--   anon       nothing at all
-- Each change is ONE call of a function below (one transaction); only the service role may call them.

create table if not exists public.ratings (
  id             bigint generated always as identity primary key,
  appointment_id bigint references public.appointments (id) on delete cascade,
  -- No foreign key, like the call log's own ids: a call's line is never deleted.
  call_id        text,
  -- The requester's account; their rating goes with it.
  rater_id       uuid not null references auth.users (id) on delete cascade,
  -- Whose work was rated, as the item named them when it was first rated (the interpreter's figures read by it).
  interpreter_id uuid references public.users (id) on delete set null,
  score          integer not null check (score between 1 and 5),
  comment        text not null default '' check (pg_catalog.length(comment) <= 1000),
  created_at     timestamptz not null,
  updated_at     timestamptz not null,
  constraint ratings_one_item_check check ((appointment_id is null) <> (call_id is null)),
  constraint ratings_updated_check check (updated_at >= created_at)
);
create unique index if not exists ratings_appointment_rater_key on public.ratings (appointment_id, rater_id) where appointment_id is not null;
create unique index if not exists ratings_call_rater_key on public.ratings (call_id, rater_id) where call_id is not null;
create index if not exists ratings_interpreter_idx on public.ratings (interpreter_id, updated_at desc, id);
create index if not exists ratings_low_idx on public.ratings (updated_at desc, id) where score <= 2;
create index if not exists ratings_rater_idx on public.ratings (rater_id);

-- The organisation of a rated item (its customer's), or null. SECURITY DEFINER: the policy below reads appointments
-- and the call log as their owner, whatever the caller may read of them.
create or replace function private.organisation_of_rated(p_appointment bigint, p_call text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select c.organisation_id
  from public.customers c
  where c.id = coalesce((select a.customer_id from public.appointments a where a.id = p_appointment),
                        (select l.customer_id from public.call_log l where l.id = p_call));
$$;
revoke all on function private.organisation_of_rated(bigint, text) from public, anon;
grant execute on function private.organisation_of_rated(bigint, text) to authenticated, service_role;

alter table public.ratings enable row level security;

drop policy if exists "ratings: admins all, requesters their organisation's" on public.ratings;
create policy "ratings: admins all, requesters their organisation's" on public.ratings
  for select to authenticated using (
    (select private.is_admin())
    or ((select private.organisation_of_caller()) is not null
        and private.organisation_of_rated(appointment_id, call_id) = (select private.organisation_of_caller())));

revoke all on table public.ratings from public, anon, authenticated;
grant select on table public.ratings to authenticated;
grant select, insert, update, delete on table public.ratings to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated', pg_catalog.pg_get_serial_sequence('public.ratings', 'id'));
end
$$;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default), as the other push_* functions. Instants come as epoch milliseconds.

-- The item p_kind/p_id if it is of organisation p_org (app/backend/rows/rating.server.ts RatedItemRow), or null.
create or replace function private.push_rated_item(p_org bigint, p_kind text, p_id text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case p_kind
    when 'appointment' then (
      select pg_catalog.jsonb_build_object('kind', 'appointment', 'id', a.id, 'starts_at', a.starts_at,
               'ends_at', a.starts_at + pg_catalog.make_interval(mins => a.minutes), 'language', a.language,
               'interpreter_name', u.full_name, 'done', (a.status in ('confirmed', 'completed') and a.interpreter_id is not null))
      from public.appointments a
      join public.customers c on c.id = a.customer_id and c.organisation_id = p_org
      left join public.users u on u.id = a.interpreter_id
      where p_id ~ '^[1-9][0-9]{0,14}$' and a.id = p_id::bigint)
    when 'call' then (
      select pg_catalog.jsonb_build_object('kind', 'call', 'id', l.id, 'starts_at', coalesce(l.answered_at, l.requested_at),
               'ends_at', l.ended_at, 'language', l.language, 'interpreter_name', l.interpreter_name, 'done', l.outcome = 'answered')
      from public.call_log l
      join public.customers c on c.id = l.customer_id and c.organisation_id = p_org
      where l.id = p_id)
  end;
$$;
revoke all on function private.push_rated_item(bigint, text, text) from public, anon, authenticated;
grant execute on function private.push_rated_item(bigint, text, text) to service_role;

-- p_rater's rating of p_kind/p_id (score, comment, created_at, updated_at), or null.
create or replace function private.push_rating_row(p_rater uuid, p_kind text, p_id text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('score', r.score, 'comment', r.comment, 'created_at', r.created_at, 'updated_at', r.updated_at)
  from public.ratings r
  where r.rater_id = p_rater
    and ((p_kind = 'appointment' and p_id ~ '^[1-9][0-9]{0,14}$' and r.appointment_id = p_id::bigint) or (p_kind = 'call' and r.call_id = p_id));
$$;
revoke all on function private.push_rating_row(uuid, text, text) from public, anon, authenticated;
grant execute on function private.push_rating_row(uuid, text, text) to service_role;

-- The item of p_org with p_rater's rating: { item, rating }, or null when the item is not the organisation's.
create or replace function public.push_rating_of(p_org bigint, p_rater uuid, p_kind text, p_id text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('item', i.item, 'rating', private.push_rating_row(p_rater, p_kind, p_id))
  from (select private.push_rated_item(p_org, p_kind, p_id) as item) i
  where i.item is not null;
$$;

-- Gives or changes p_rater's rating of p_kind/p_id at p_now: { ok: true, rating }, or, changing nothing, { ok: false,
-- reason }: 'not-found' (not p_org's, or the rater is not p_org's requester), 'not-rateable' (not done, or not over by
-- p_now), 'locked' (first given 7 days or more before p_now). A lock per item and rater orders two posts at once.
create or replace function public.push_rate(p_org bigint, p_rater uuid, p_kind text, p_id text, p_score integer, p_comment text, p_now bigint)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_item   jsonb;
  v_now    timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_old    public.ratings;
  v_interp uuid;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('rating:' || p_kind || ':' || p_id || ':' || p_rater::text));
  v_item := private.push_rated_item(p_org, p_kind, p_id);
  if v_item is null or not exists (select 1 from public.customer_people p where p.account_id = p_rater and p.organisation_id = p_org) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;
  if not (v_item ->> 'done')::boolean or (v_item ->> 'ends_at')::timestamptz > v_now then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-rateable');
  end if;
  select * into v_old from public.ratings r
   where r.rater_id = p_rater and ((p_kind = 'appointment' and r.appointment_id = (v_item ->> 'id')::bigint) or (p_kind = 'call' and r.call_id = p_id));
  if v_old.id is null then
    if p_kind = 'appointment' then
      select a.interpreter_id into v_interp from public.appointments a where a.id = (v_item ->> 'id')::bigint;
      insert into public.ratings (appointment_id, rater_id, interpreter_id, score, comment, created_at, updated_at)
      values ((v_item ->> 'id')::bigint, p_rater, v_interp, p_score, p_comment, v_now, v_now);
    else
      select l.interpreter_id into v_interp from public.call_log l where l.id = p_id;
      insert into public.ratings (call_id, rater_id, interpreter_id, score, comment, created_at, updated_at)
      values (p_id, p_rater, v_interp, p_score, p_comment, v_now, v_now);
    end if;
  elsif v_old.created_at + pg_catalog.make_interval(days => 7) <= v_now then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'locked');
  else
    update public.ratings set score = p_score, comment = p_comment, updated_at = v_now where id = v_old.id;
  end if;
  return pg_catalog.jsonb_build_object('ok', true, 'rating', private.push_rating_row(p_rater, p_kind, p_id));
end;
$$;

-- A rating as staff read it (app/backend/rows/rating.server.ts StaffRatingRow): the item's organisation, never the rater.
create or replace function private.push_staff_rating(r public.ratings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'kind', case when r.appointment_id is null then 'call' else 'appointment' end, 'score', r.score, 'comment', r.comment,
    'updated_at', r.updated_at, 'interpreter_id', r.interpreter_id,
    'interpreter_name', (select u.full_name from public.users u where u.id = r.interpreter_id),
    'organisation_name', (select o.name from public.organisations o where o.id = private.organisation_of_rated(r.appointment_id, r.call_id)));
$$;
revoke all on function private.push_staff_rating(public.ratings) from public, anon, authenticated;
grant execute on function private.push_staff_rating(public.ratings) to service_role;

-- p_interpreter's average and count: { average, count } (average null with none).
create or replace function public.push_own_rating(p_interpreter uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('average', pg_catalog.avg(r.score), 'count', pg_catalog.count(*))
  from public.ratings r where r.interpreter_id = p_interpreter;
$$;

-- Staff: p_interpreter's figures with their latest p_limit ratings that have a comment, newest first.
create or replace function public.push_interpreter_ratings(p_interpreter uuid, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.push_own_rating(p_interpreter) || pg_catalog.jsonb_build_object('latest', coalesce((
    select pg_catalog.jsonb_agg(private.push_staff_rating(x) order by x.updated_at desc, x.id desc)
    from (select r.* from public.ratings r where r.interpreter_id = p_interpreter and r.comment <> ''
          order by r.updated_at desc, r.id desc limit p_limit) x), '[]'::jsonb));
$$;

-- Staff overview: ratings of 2 or less, newest first: { total, items }.
create or replace function public.push_low_ratings(p_page_size integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from public.ratings r where r.score <= 2),
    'items', coalesce((
      select pg_catalog.jsonb_agg(private.push_staff_rating(x) order by x.updated_at desc, x.id desc)
      from (select r.* from public.ratings r where r.score <= 2 order by r.updated_at desc, r.id desc limit p_page_size offset p_offset) x),
      '[]'::jsonb));
$$;

revoke all on function
  public.push_rating_of(bigint, uuid, text, text),
  public.push_rate(bigint, uuid, text, text, integer, text, bigint),
  public.push_own_rating(uuid),
  public.push_interpreter_ratings(uuid, integer),
  public.push_low_ratings(integer, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_rating_of(bigint, uuid, text, text),
  public.push_rate(bigint, uuid, text, text, integer, text, bigint),
  public.push_own_rating(uuid),
  public.push_interpreter_ratings(uuid, integer),
  public.push_low_ratings(integer, integer)
  to service_role;

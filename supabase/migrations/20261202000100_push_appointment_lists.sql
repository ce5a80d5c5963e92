-- The staff's views of appointments (issue 25): the list with its filters and pages, and a calendar week. The D1
-- counterpart is migrations/0018_appointment_lists.sql. Re-runnable. Both read the appointments through the index on
-- starts_at (the list's order and the week's range); one interpreter's through (interpreter_id, starts_at).

create index if not exists appointments_interpreter_starts_idx on public.appointments (interpreter_id, starts_at);

-- One page of the list, by start then id, with the total the filters match: { total, items: [private.push_appointment] }.
-- Null filters filter nothing; p_starts_from/p_starts_before are epoch milliseconds, [from, before).
create or replace function public.push_list_appointments(
  p_starts_from    bigint,
  p_starts_before  bigint,
  p_status         text,
  p_language_id    bigint,
  p_interpreter_id uuid,
  p_mode           text,
  p_limit          integer,
  p_offset         integer
)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select a.id, a.starts_at from public.appointments a
    where (p_starts_from is null or a.starts_at >= pg_catalog.to_timestamp(p_starts_from / 1000.0))
      and (p_starts_before is null or a.starts_at < pg_catalog.to_timestamp(p_starts_before / 1000.0))
      and (p_status is null or a.status = p_status)
      and (p_language_id is null or a.language_id = p_language_id)
      and (p_interpreter_id is null or a.interpreter_id = p_interpreter_id)
      and (p_mode is null or a.mode = p_mode)
  ),
  page as (
    select m.id, m.starts_at from matching m order by m.starts_at, m.id limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(private.push_appointment(p.id) order by p.starts_at, p.id) from page p), '[]'::jsonb));
$$;

-- The appointments starting in [p_from, p_to) (a calendar week), cancelled ones left out, by start then id; only
-- p_interpreter_id's when given; at most p_limit. A JSON array of private.push_appointment.
create or replace function public.push_appointments_between(p_from bigint, p_to bigint, p_interpreter_id uuid, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_appointment(w.id) order by w.starts_at, w.id), '[]'::jsonb)
  from (
    select a.id, a.starts_at from public.appointments a
    where a.starts_at >= pg_catalog.to_timestamp(p_from / 1000.0) and a.starts_at < pg_catalog.to_timestamp(p_to / 1000.0)
      and a.status <> 'cancelled'
      and (p_interpreter_id is null or a.interpreter_id = p_interpreter_id)
    order by a.starts_at, a.id
    limit p_limit
  ) w;
$$;

revoke all on function
  public.push_list_appointments(bigint, bigint, text, bigint, uuid, text, integer, integer),
  public.push_appointments_between(bigint, bigint, uuid, integer)
  from public, anon, authenticated;
grant execute on function
  public.push_list_appointments(bigint, bigint, text, bigint, uuid, text, integer, integer),
  public.push_appointments_between(bigint, bigint, uuid, integer)
  to service_role;

-- What happened at a confirmed appointment (issue 25, "After the appointment"): the interpreter records the actual
-- start and end (and the travel minutes of on-site work), or a no-show, the customer's or their own; staff approve it
-- as it is or corrected, which completes the appointment. The approved record is what billing reads. The same model as
-- D1's migrations/0023_appointment_records.sql. Instants are timestamptz; the functions take and give epoch
-- milliseconds, as the appointments' do. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked who
-- acts — the assigned interpreter records, staff approve):
--   appointment_records   admins read every row; an interpreter reads the records of the appointments assigned to
--                         them, and nobody else's; nobody writes: a record and its approval go through the worker
--   anon                  nothing at all
-- Every change is ONE call of a function below (supabase-js .rpc(), one transaction), and so is each read. Only the
-- service role may call them. An approval completes the appointment (a compare-and-set on its version) and writes the
-- record approved in the same transaction: neither without the other.

-- ─── The table ─────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.appointment_records (
  appointment_id bigint primary key references public.appointments (id) on delete cascade,
  -- Both null for a no-show.
  actual_start   timestamptz,
  actual_end     timestamptz,
  travel_minutes integer not null default 0 check (travel_minutes between 0 and 600),
  no_show        text check (no_show in ('customer', 'interpreter')),
  -- Who wrote it first (the interpreter's users id, or staff's when they approve a record nobody wrote) and when.
  recorded_by    text not null,
  recorded_at    timestamptz not null,
  approved_by    text,
  approved_at    timestamptz,
  -- Times, the end after the start, or a no-show without any.
  constraint appointment_records_times_check check (
    (no_show is null and actual_start is not null and actual_end is not null and actual_end > actual_start)
    or (no_show is not null and actual_start is null and actual_end is null)
  ),
  constraint appointment_records_length_check check (actual_end - actual_start <= interval '24 hours')
);
-- A record is found by its appointment (the primary key); the policy below looks the appointment up by its own.

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.appointment_records enable row level security;

-- The appointment's row is read under its own policy (an interpreter reads the ones assigned to them).
drop policy if exists "appointment_records: admins all, interpreters their assigned" on public.appointment_records;
create policy "appointment_records: admins all, interpreters their assigned" on public.appointment_records
  for select to authenticated using (
    (select private.is_admin())
    or exists (
      select 1 from public.appointments a
      where a.id = appointment_records.appointment_id and a.interpreter_id = (select auth.uid())
    )
  );

-- Signed-in users read (the policy chooses the rows) and write nothing; anon holds no privilege (Supabase's default
-- privileges would give it everything, TRUNCATE included, which ignores row-level security).
revoke all on table public.appointment_records from public, anon, authenticated;
grant select on table public.appointment_records to authenticated;
grant select, insert, update, delete on table public.appointment_records to service_role;

-- ─── Helper (schema private) ───────────────────────────────────────────────────────────────────────────────────

-- The appointment's record in the columns of app/backend/rows/appointment-record.server.ts RecordRow; null when there
-- is none.
create or replace function private.push_record(p_appointment_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'appointment_id', r.appointment_id, 'actual_start', r.actual_start, 'actual_end', r.actual_end,
    'travel_minutes', r.travel_minutes, 'no_show', r.no_show, 'recorded_by', r.recorded_by, 'recorded_at', r.recorded_at,
    'approved_by', r.approved_by, 'approved_at', r.approved_at)
  from public.appointment_records r
  where r.appointment_id = p_appointment_id;
$$;

revoke all on function private.push_record(bigint) from public, anon, authenticated;
grant execute on function private.push_record(bigint) to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the appointments' and the offers' functions: they run as the service
-- role that calls them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0);
-- a no-show comes with null times.

-- The interpreter's record of appointment p_appointment_id at p_now, replacing theirs until staff approve it. The
-- appointment's row is locked first (FOR SHARE), so an approval running at the same moment is decided before or after
-- this, never half way. Refused, storing nothing, in D1's order: 'not-found' (no such appointment, or not assigned to
-- p_interpreter_id), 'approved' (staff approved its record), 'not-found' (it is not confirmed), 'not-started' (it
-- starts after p_now). Answers { ok: true } or { ok: false, reason }; a record the table refuses (an end before the
-- start, times with a no-show, …) is its error.
create or replace function public.push_record_attendance(
  p_appointment_id bigint,
  p_interpreter_id uuid,
  p_actual_start   bigint,
  p_actual_end     bigint,
  p_travel_minutes integer,
  p_no_show        text,
  p_now            bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now         timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_status      text;
  v_interpreter uuid;
  v_starts_at   timestamptz;
begin
  select a.status, a.interpreter_id, a.starts_at into v_status, v_interpreter, v_starts_at
  from public.appointments a where a.id = p_appointment_id for share;
  if v_interpreter is null or v_interpreter <> p_interpreter_id then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;
  if exists (select 1 from public.appointment_records r where r.appointment_id = p_appointment_id and r.approved_at is not null) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'approved');
  end if;
  if v_status <> 'confirmed' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;
  if v_starts_at > v_now then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-started');
  end if;

  insert into public.appointment_records as r (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at)
  values (p_appointment_id, pg_catalog.to_timestamp(p_actual_start / 1000.0), pg_catalog.to_timestamp(p_actual_end / 1000.0),
          p_travel_minutes, p_no_show, p_interpreter_id::text, v_now)
  on conflict (appointment_id) do update
    set actual_start = excluded.actual_start, actual_end = excluded.actual_end, travel_minutes = excluded.travel_minutes,
        no_show = excluded.no_show, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at
    where r.approved_at is null;
  -- Nothing written: the record was approved after the look above. Not through push_approve_attendance, which waits
  -- for this call's lock on the appointment; by a direct write (the table editor). As on D1, the write's WHERE decides.
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'approved');
  end if;
  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

-- Staff's approval of appointment p_appointment_id's record at p_now, as it stands or corrected (the entry given),
-- stored only if the appointment still has version p_version AND is confirmed AND started by p_now (one UPDATE …
-- WHERE, which locks its row): it becomes completed (version + 1) and, in the same transaction, the record is written
-- approved (one nobody wrote is recorded by p_by; one written keeps who recorded it and when). Answers
-- { ok: true, version } or { ok: false, reason }: 'not-found'; 'stale' when the version differs; 'not-confirmed' when
-- it is the version asked for but not confirmed; 'not-started' when it starts after p_now. An entry the table refuses
-- is its error, and the appointment stays as it was.
create or replace function public.push_approve_attendance(
  p_appointment_id bigint,
  p_version        integer,
  p_actual_start   bigint,
  p_actual_end     bigint,
  p_travel_minutes integer,
  p_no_show        text,
  p_by             text,
  p_now            bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now     timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_version integer;
  v_status  text;
begin
  update public.appointments a
  set status = 'completed', version = a.version + 1, updated_at = v_now
  where a.id = p_appointment_id and a.version = p_version and a.status = 'confirmed' and a.starts_at <= v_now
  returning a.version into v_version;

  if v_version is null then
    select a.version, a.status into v_version, v_status from public.appointments a where a.id = p_appointment_id;
    return pg_catalog.jsonb_build_object(
      'ok', false,
      'reason', case when v_version is null then 'not-found'
                     when v_version <> p_version then 'stale'
                     when v_status <> 'confirmed' then 'not-confirmed'
                     else 'not-started' end);
  end if;

  insert into public.appointment_records as r (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by,
                                               recorded_at, approved_by, approved_at)
  values (p_appointment_id, pg_catalog.to_timestamp(p_actual_start / 1000.0), pg_catalog.to_timestamp(p_actual_end / 1000.0),
          p_travel_minutes, p_no_show, p_by, v_now, p_by, v_now)
  on conflict (appointment_id) do update
    set actual_start = excluded.actual_start, actual_end = excluded.actual_end, travel_minutes = excluded.travel_minutes,
        no_show = excluded.no_show, approved_by = excluded.approved_by, approved_at = excluded.approved_at;

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version);
end;
$$;

-- The appointment's record (private.push_record), or null.
create or replace function public.push_appointment_record(p_appointment_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_record(p_appointment_id);
$$;

-- The records of these appointments (private.push_record each; those without one are left out), by appointment id.
-- The worker asks for a page's appointments at once (at most 100).
create or replace function public.push_appointment_records(p_appointment_ids bigint[])
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_record(r.appointment_id) order by r.appointment_id), '[]'::jsonb)
  from public.appointment_records r
  where r.appointment_id = any (p_appointment_ids);
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_record_attendance(bigint, uuid, bigint, bigint, integer, text, bigint),
  public.push_approve_attendance(bigint, integer, bigint, bigint, integer, text, text, bigint),
  public.push_appointment_record(bigint),
  public.push_appointment_records(bigint[])
  from public, anon, authenticated;
grant execute on function
  public.push_record_attendance(bigint, uuid, bigint, bigint, integer, text, bigint),
  public.push_approve_attendance(bigint, integer, bigint, bigint, integer, text, text, bigint),
  public.push_appointment_record(bigint),
  public.push_appointment_records(bigint[])
  to service_role;

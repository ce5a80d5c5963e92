-- Reminders of a confirmed appointment (issue 25): a day and an hour before its start, to the customer and the
-- interpreter, each written once by the cron — the same model as D1's migrations/0021_appointment_reminders.sql. One
-- row per (appointment, kind) is the proof it went: the row and its e-mails are written together, once, however late
-- or often the cron runs. Instants are timestamptz; the functions take and give epoch milliseconds, as the
-- appointments' do. Re-runnable.
--
-- Who reaches what through the public API (the cron writes with the service role):
--   appointment_reminders   admins read; an interpreter nothing (their appointments' reminders are the worker's to
--                           show); nobody writes
--   anon                    nothing at all
-- Writing a reminder is ONE call of a function below (supabase-js .rpc(), one transaction) with its e-mails, and so is
-- each read. Only the service role may call them.

-- ─── The table ─────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.appointment_reminders (
  appointment_id bigint not null references public.appointments (id) on delete cascade,
  kind           text not null check (kind in ('day', 'hour')),
  sent_at        timestamptz not null,
  -- The write that made the row (as on D1, where its e-mails are stored only with it).
  change_id      uuid not null,
  primary key (appointment_id, kind)
);
-- The cron's question, "which confirmed appointments start within the next day?", is served by
-- appointments_status_starts_idx; "has it had this kind's reminder?" by the primary key.

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.appointment_reminders enable row level security;

drop policy if exists "appointment_reminders: admins read" on public.appointment_reminders;
create policy "appointment_reminders: admins read" on public.appointment_reminders
  for select to authenticated using ((select private.is_admin()));

-- Signed-in users read (the policy chooses the rows: an admin's all, anyone else's none) and write nothing; anon holds
-- no privilege (Supabase's default privileges would give it everything, TRUNCATE included, which ignores row-level
-- security).
revoke all on table public.appointment_reminders from public, anon, authenticated;
grant select on table public.appointment_reminders to authenticated;
grant select, insert, update, delete on table public.appointment_reminders to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the appointments' and the offers' functions: they run as the service
-- role that calls them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- The confirmed appointments starting in (p_after, p_by] that have no p_kind reminder yet: at most 100, by start then
-- id, each as private.push_appointment.
create or replace function public.push_reminders_due(p_kind text, p_after bigint, p_by bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_appointment(d.id) order by d.starts_at, d.id), '[]'::jsonb)
  from (
    select a.id, a.starts_at from public.appointments a
    where a.status = 'confirmed'
      and a.starts_at > pg_catalog.to_timestamp(p_after / 1000.0)
      and a.starts_at <= pg_catalog.to_timestamp(p_by / 1000.0)
      and not exists (
        select 1 from public.appointment_reminders r where r.appointment_id = a.id and r.kind = p_kind)
    order by a.starts_at, a.id
    limit 100
  ) d;
$$;

-- Writes appointment p_appointment_id's p_kind reminder at p_now, once: the row is stored only if the appointment is
-- confirmed and has none of that kind yet (ON CONFLICT DO NOTHING: of two writes at the same moment the second waits
-- on the first's row, then stores nothing); its e-mails (p_mails) only with it. The appointment's row is locked first
-- (FOR SHARE), so a cancellation running at the same moment is decided before or after this, never half way. Whether
-- this call wrote it.
create or replace function public.push_remind_appointment(p_appointment_id bigint, p_kind text, p_now bigint, p_mails jsonb default '[]'::jsonb)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform 1 from public.appointments a where a.id = p_appointment_id for share;

  insert into public.appointment_reminders (appointment_id, kind, sent_at, change_id)
  select a.id, p_kind, pg_catalog.to_timestamp(p_now / 1000.0), pg_catalog.gen_random_uuid()
  from public.appointments a
  where a.id = p_appointment_id and a.status = 'confirmed'
  on conflict (appointment_id, kind) do nothing;
  if not found then
    return false;
  end if;

  perform private.push_enqueue_appointment_mails(p_appointment_id, p_mails, p_now);
  return true;
end;
$$;

-- The appointment's reminders, [{ kind, sent_at }], by sent_at then kind.
create or replace function public.push_appointment_reminders(p_appointment_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('kind', r.kind, 'sent_at', r.sent_at)
                  order by r.sent_at, r.kind collate "C"), '[]'::jsonb)
  from public.appointment_reminders r
  where r.appointment_id = p_appointment_id;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_reminders_due(text, bigint, bigint),
  public.push_remind_appointment(bigint, text, bigint, jsonb),
  public.push_appointment_reminders(bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_reminders_due(text, bigint, bigint),
  public.push_remind_appointment(bigint, text, bigint, jsonb),
  public.push_appointment_reminders(bigint)
  to service_role;

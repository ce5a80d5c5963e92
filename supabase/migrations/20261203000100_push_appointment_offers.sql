-- Offers of a booked appointment to interpreters, first to accept wins (issue 25; docs/decisions/0030): the same model
-- as D1's migrations/0020_appointment_offers.sql. Instants are timestamptz; the functions take and give epoch
-- milliseconds, as the appointments' do. Re-runnable.
--
-- Who reaches what through the public API (the worker does everything else with the service role, after the route has
-- checked who acts — admins offer, an interpreter answers their own offers):
--   appointment_offers   admins read every row; an interpreter reads their own offers and nobody else's; nobody
--                        writes: an answer goes through the worker, which decides it in one transaction
--   unfilled_notices     admins read; nobody writes
--   anon                 nothing at all
-- Every change is ONE call of a function below (supabase-js .rpc(), one transaction), with its e-mails, and so is each
-- read of several tables (one snapshot). Only the service role may call them. The first accept wins because an accept
-- locks the appointment's row before it looks (a second accept of the same appointment waits, then finds it
-- confirmed); no double booking is the appointments' own exclusion constraint, which also decides between two accepts
-- of one interpreter's overlapping appointments.

-- ─── The tables ────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.appointment_offers (
  id             bigint generated always as identity primary key,
  appointment_id bigint not null references public.appointments (id) on delete cascade,
  interpreter_id uuid not null references public.users (id) on delete cascade,
  -- open → accepted (this interpreter confirmed it) | declined (they said no) | taken (someone else accepted first).
  status         text not null default 'open' check (status in ('open', 'accepted', 'declined', 'taken')),
  offered_at     timestamptz not null,
  expires_at     timestamptz not null,
  responded_at   timestamptz,
  -- One offer per interpreter and appointment: offering it again reopens theirs.
  unique (appointment_id, interpreter_id)
);
-- My jobs: an interpreter's offers.
create index if not exists appointment_offers_interpreter_idx on public.appointment_offers (interpreter_id, status);
-- However it is written, an appointment has at most one accepted offer.
create unique index if not exists appointment_offers_one_accepted_key on public.appointment_offers (appointment_id) where status = 'accepted';
-- The cron's question: which offered appointments have no open offer left?
create index if not exists appointment_offers_open_idx on public.appointment_offers (appointment_id, expires_at) where status = 'open';

-- An appointment flagged unfilled at its offers' deadline: one row, so its staff e-mail is written once, however often
-- (or late) the cron runs. change_id names the write that flagged it (as on D1); offering it again removes the row.
create table if not exists public.unfilled_notices (
  appointment_id bigint primary key references public.appointments (id) on delete cascade,
  noticed_at     timestamptz not null,
  change_id      uuid not null
);

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.appointment_offers enable row level security;
alter table public.unfilled_notices   enable row level security;

drop policy if exists "appointment_offers: admins all, interpreters their own" on public.appointment_offers;
create policy "appointment_offers: admins all, interpreters their own" on public.appointment_offers
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));

drop policy if exists "unfilled_notices: admins read" on public.unfilled_notices;
create policy "unfilled_notices: admins read" on public.unfilled_notices
  for select to authenticated using ((select private.is_admin()));

-- Signed-in users read (the policies choose the rows) and write nothing; anon holds no privilege (Supabase's default
-- privileges would give it everything, TRUNCATE included, which ignores row-level security).
revoke all on table public.appointment_offers, public.unfilled_notices from public, anon, authenticated;
grant select on table public.appointment_offers, public.unfilled_notices to authenticated;
grant select, insert, update, delete on table public.appointment_offers, public.unfilled_notices to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated',
                 pg_catalog.pg_get_serial_sequence('public.appointment_offers', 'id'));
end
$$;

-- ─── Helper (schema private) ───────────────────────────────────────────────────────────────────────────────────

-- An offer in the columns of app/backend/rows/offer.server.ts OfferRow (with its interpreter's name); null when there
-- is none.
create or replace function private.push_offer(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', o.id, 'appointment_id', o.appointment_id, 'interpreter_id', o.interpreter_id, 'interpreter_name', u.full_name,
    'status', o.status, 'offered_at', o.offered_at, 'expires_at', o.expires_at, 'responded_at', o.responded_at)
  from public.appointment_offers o
  join public.users u on u.id = o.interpreter_id
  where o.id = p_id;
$$;

revoke all on function private.push_offer(bigint) from public, anon, authenticated;
grant execute on function private.push_offer(bigint) to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the orders' and the appointments' functions: they run as the service
-- role that calls them. Instants come as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- Offers appointment p_id to these interpreters (each once, however often named), all or nothing. Refused, storing
-- nothing, with { ok: false, reason: 'unknown-interpreter' } when an id names no users row (checked first; the rows
-- found are locked FOR KEY SHARE until the offers refer to them). Otherwise stored only if the appointment still has
-- version p_version AND is requested or offered (one UPDATE … WHERE, which locks its row): it becomes offered (version
-- + 1); each interpreter gets an open offer with deadline p_expires_at (one offered already is offered again: open,
-- with the new deadline, its answer forgotten); the appointment's unfilled notice is removed (a new round of offers
-- can be flagged at its own deadline); and its e-mails (p_mails) are stored. Answers { ok: true, version } or
-- { ok: false, reason }: 'not-found'; 'stale' when the version differs; 'not-offerable' when it is the version asked
-- for but confirmed, completed or cancelled.
create or replace function public.push_offer_appointment(
  p_id              bigint,
  p_version         integer,
  p_interpreter_ids uuid[],
  p_expires_at      bigint,
  p_now             bigint,
  p_mails           jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now     timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_ids     uuid[] := array(select distinct i from pg_catalog.unnest(coalesce(p_interpreter_ids, '{}'::uuid[])) as i);
  v_known   integer;
  v_version integer;
begin
  select pg_catalog.count(*) into v_known
  from (select 1 from public.users u where u.id = any (v_ids) for key share) as known;
  if v_known <> pg_catalog.cardinality(v_ids) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-interpreter');
  end if;

  update public.appointments a
  set status = 'offered', version = a.version + 1, updated_at = v_now
  where a.id = p_id and a.version = p_version and a.status in ('requested', 'offered')
  returning a.version into v_version;

  if v_version is null then
    select a.version into v_version from public.appointments a where a.id = p_id;
    return pg_catalog.jsonb_build_object(
      'ok', false,
      'reason', case when v_version is null then 'not-found' when v_version <> p_version then 'stale' else 'not-offerable' end);
  end if;

  insert into public.appointment_offers (appointment_id, interpreter_id, status, offered_at, expires_at)
  select p_id, i, 'open', v_now, pg_catalog.to_timestamp(p_expires_at / 1000.0)
  from pg_catalog.unnest(v_ids) as i
  on conflict (appointment_id, interpreter_id) do update
    set status = 'open', offered_at = excluded.offered_at, expires_at = excluded.expires_at, responded_at = null;

  delete from public.unfilled_notices n where n.appointment_id = p_id;

  perform private.push_enqueue_appointment_mails(p_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version);
end;
$$;

-- The appointment's offers (private.push_offer), by interpreter name (code points, as D1 orders text), then id.
create or replace function public.push_appointment_offers(p_appointment_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_offer(o.id) order by u.full_name collate "C", o.id), '[]'::jsonb)
  from public.appointment_offers o
  join public.users u on u.id = o.interpreter_id
  where o.appointment_id = p_appointment_id;
$$;

-- One offer of this interpreter (private.push_offer) with its appointment (private.push_appointment) under
-- 'appointment'; null when it is not theirs.
create or replace function public.push_get_offer(p_offer_id bigint, p_interpreter_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_offer(o.id) || pg_catalog.jsonb_build_object('appointment', private.push_appointment(o.appointment_id))
  from public.appointment_offers o
  where o.id = p_offer_id and o.interpreter_id = p_interpreter_id;
$$;

-- The interpreter's offers of appointments starting after p_now — open ones of an appointment still offered before
-- their deadline, and those answered (or taken) at or after p_since — as push_get_offer answers each, by the
-- appointment's start, then the offer's id.
create or replace function public.push_interpreter_offers(p_interpreter_id uuid, p_now bigint, p_since bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(
           private.push_offer(o.id) || pg_catalog.jsonb_build_object('appointment', private.push_appointment(a.id))
           order by a.starts_at, o.id), '[]'::jsonb)
  from public.appointment_offers o
  join public.appointments a on a.id = o.appointment_id
  where o.interpreter_id = p_interpreter_id
    and a.starts_at > pg_catalog.to_timestamp(p_now / 1000.0)
    and ((o.status = 'open' and a.status = 'offered' and o.expires_at > pg_catalog.to_timestamp(p_now / 1000.0))
         or o.responded_at >= pg_catalog.to_timestamp(p_since / 1000.0));
$$;

-- An accept, decided in one transaction. The offer must be this interpreter's ('not-found' otherwise). Then the
-- appointment's row is locked (FOR UPDATE: of two accepts of one appointment the second waits here for the first to
-- end, then reads what it wrote), and the refusals are, in this order: 'answered' (the offer was accepted or declined),
-- 'taken' (the offer was taken, or the appointment is no longer offered), 'expired' (its deadline is at or before
-- p_now), 'conflict' (the interpreter has another confirmed appointment whose blocked span overlaps this one's; the
-- exclusion constraint says so too when an accept of theirs running at the same moment got there first). Otherwise the
-- appointment is confirmed to the interpreter (version + 1), the offer accepted, every other open offer of it taken
-- (all answered at p_now), and the e-mails (p_mails) stored. Answers { ok: true, appointment_id, version } or
-- { ok: false, reason }.
create or replace function public.push_accept_offer(p_offer_id bigint, p_interpreter_id uuid, p_now bigint, p_mails jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now            timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_appointment_id bigint;
  v_appointment    text;
  v_blocked        tstzrange;
  v_offer          text;
  v_expires_at     timestamptz;
  v_version        integer;
begin
  select o.appointment_id into v_appointment_id
  from public.appointment_offers o
  where o.id = p_offer_id and o.interpreter_id = p_interpreter_id;
  if v_appointment_id is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;

  select a.status, a.blocked into v_appointment, v_blocked from public.appointments a where a.id = v_appointment_id for update;
  -- Read after the lock: what an accept that held it before wrote.
  select o.status, o.expires_at into v_offer, v_expires_at from public.appointment_offers o where o.id = p_offer_id;
  if v_offer is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;
  if v_offer in ('accepted', 'declined') then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'answered');
  end if;
  if v_offer = 'taken' or v_appointment <> 'offered' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'taken');
  end if;
  if v_expires_at <= v_now then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'expired');
  end if;
  if exists (
    select 1 from public.appointments other
    where other.interpreter_id = p_interpreter_id and other.status = 'confirmed' and other.id <> v_appointment_id
      and other.blocked && v_blocked
  ) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'conflict');
  end if;

  begin
    update public.appointments a
    set status = 'confirmed', interpreter_id = p_interpreter_id, version = a.version + 1, updated_at = v_now
    where a.id = v_appointment_id
    returning a.version into v_version;
  exception when exclusion_violation then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'conflict');
  end;

  update public.appointment_offers o set status = 'accepted', responded_at = v_now where o.id = p_offer_id;
  update public.appointment_offers o
  set status = 'taken', responded_at = v_now
  where o.appointment_id = v_appointment_id and o.id <> p_offer_id and o.status = 'open';

  perform private.push_enqueue_appointment_mails(v_appointment_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'appointment_id', v_appointment_id, 'version', v_version);
end;
$$;

-- Declines an open offer of this interpreter (answered at p_now): { ok: true }, or { ok: false, reason } — 'answered'
-- when it is theirs but no longer open, 'not-found' when it is not theirs.
create or replace function public.push_decline_offer(p_offer_id bigint, p_interpreter_id uuid, p_now bigint)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  update public.appointment_offers o
  set status = 'declined', responded_at = pg_catalog.to_timestamp(p_now / 1000.0)
  where o.id = p_offer_id and o.interpreter_id = p_interpreter_id and o.status = 'open';
  if found then
    return pg_catalog.jsonb_build_object('ok', true);
  end if;
  return pg_catalog.jsonb_build_object(
    'ok', false,
    'reason', case when exists (select 1 from public.appointment_offers o where o.id = p_offer_id and o.interpreter_id = p_interpreter_id)
                   then 'answered' else 'not-found' end);
end;
$$;

-- The appointments still offered with no open offer whose deadline is after p_now (every deadline passed, or everyone
-- answered), not flagged yet: at most 100, by start then id, each as private.push_appointment.
create or replace function public.push_unfilled_due(p_now bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(private.push_appointment(d.id) order by d.starts_at, d.id), '[]'::jsonb)
  from (
    select a.id, a.starts_at from public.appointments a
    where a.status = 'offered'
      and not exists (
        select 1 from public.appointment_offers o
        where o.appointment_id = a.id and o.status = 'open' and o.expires_at > pg_catalog.to_timestamp(p_now / 1000.0))
      and not exists (select 1 from public.unfilled_notices n where n.appointment_id = a.id)
    order by a.starts_at, a.id
    limit 100
  ) d;
$$;

-- Flags appointment p_appointment_id unfilled at p_now, once: the notice is stored only if the appointment is still
-- offered with no open offer whose deadline is after p_now, and has none yet (ON CONFLICT DO NOTHING: of two flags at
-- the same moment the second waits on the first's row, then stores nothing); its e-mails (p_mails) only with it.
-- The appointment's row is locked first (FOR SHARE), so an offer, an accept or a cancellation running at the same
-- moment is decided before or after this, never half way. Whether this call flagged it.
create or replace function public.push_flag_unfilled(p_appointment_id bigint, p_now bigint, p_mails jsonb default '[]'::jsonb)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
begin
  perform 1 from public.appointments a where a.id = p_appointment_id for share;

  insert into public.unfilled_notices (appointment_id, noticed_at, change_id)
  select a.id, v_now, pg_catalog.gen_random_uuid()
  from public.appointments a
  where a.id = p_appointment_id and a.status = 'offered'
    and not exists (
      select 1 from public.appointment_offers o where o.appointment_id = a.id and o.status = 'open' and o.expires_at > v_now)
  on conflict (appointment_id) do nothing;
  if not found then
    return false;
  end if;

  perform private.push_enqueue_appointment_mails(p_appointment_id, p_mails, p_now);
  return true;
end;
$$;

-- When the appointment was flagged unfilled, or null.
create or replace function public.push_unfilled_since(p_appointment_id bigint)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select n.noticed_at from public.unfilled_notices n where n.appointment_id = p_appointment_id;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_offer_appointment(bigint, integer, uuid[], bigint, bigint, jsonb),
  public.push_appointment_offers(bigint),
  public.push_get_offer(bigint, uuid),
  public.push_interpreter_offers(uuid, bigint, bigint),
  public.push_accept_offer(bigint, uuid, bigint, jsonb),
  public.push_decline_offer(bigint, uuid, bigint),
  public.push_unfilled_due(bigint),
  public.push_flag_unfilled(bigint, bigint, jsonb),
  public.push_unfilled_since(bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_offer_appointment(bigint, integer, uuid[], bigint, bigint, jsonb),
  public.push_appointment_offers(bigint),
  public.push_get_offer(bigint, uuid),
  public.push_interpreter_offers(uuid, bigint, bigint),
  public.push_accept_offer(bigint, uuid, bigint, jsonb),
  public.push_decline_offer(bigint, uuid, bigint),
  public.push_unfilled_due(bigint),
  public.push_flag_unfilled(bigint, bigint, jsonb),
  public.push_unfilled_since(bigint)
  to service_role;

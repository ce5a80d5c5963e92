-- "The same interpreter as last time" on a booking (issue 27, docs/decisions/0041 "As built"): a signed-in
-- requester may ask for one of their organisation's past interpreters; the appointment keeps whom
-- (preferred_interpreter_id), and the offers' candidates mark that interpreter preferred for this appointment — joining
-- the organisation's own preferred ones — so the window after booking offers it to them first. A blocked interpreter
-- stays left out (the block wins). The same column as D1's migrations/0039_appointment_preferred_interpreter.sql.
-- Re-runnable.
--
-- Who reaches it through the public API: nobody new. The column is read through the appointments' existing policies
-- (admins; an interpreter their own appointments; a requester their organisation's), and written only by
-- push_request_appointment (service role).

alter table public.appointments add column if not exists preferred_interpreter_id uuid references public.users (id) on delete set null;
-- Removing an interpreter clears the bookings' choices of them: found by this index, not by reading every appointment.
create index if not exists appointments_preferred_interpreter_idx on public.appointments (preferred_interpreter_id)
  where preferred_interpreter_id is not null;

-- ─── An appointment as the worker reads it: as 20261202000000_push_appointments.sql's, with the choice and its name ──
create or replace function private.push_appointment(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', a.id, 'customer_id', a.customer_id, 'contact_name', a.contact_name, 'contact_email', a.contact_email,
    'contact_phone', a.contact_phone, 'organisation', a.organisation, 'language_id', a.language_id, 'language', a.language,
    'mode', a.mode, 'setting', a.setting, 'starts_at', a.starts_at, 'minutes', a.minutes,
    'blocked_from', pg_catalog.lower(a.blocked), 'blocked_to', pg_catalog.upper(a.blocked),
    'address', a.address, 'call_number', a.call_number, 'notes', a.notes, 'gender_preference', a.gender_preference,
    'locale', a.locale, 'status', a.status, 'version', a.version, 'interpreter_id', a.interpreter_id,
    'interpreter_name', u.full_name, 'cancel_reason', a.cancel_reason, 'cancelled_at', a.cancelled_at,
    'cancelled_by', a.cancelled_by, 'token_sealed', a.token_sealed, 'created_at', a.created_at, 'updated_at', a.updated_at,
    'preferred_interpreter_id', a.preferred_interpreter_id, 'preferred_interpreter_name', p.full_name)
  from public.appointments a
  left join public.users u on u.id = a.interpreter_id
  left join public.users p on p.id = a.preferred_interpreter_id
  where a.id = p_id;
$$;

-- ─── A booking, with the requester's choice ──────────────────────────────────────────────────────────────────────
-- As 20261202000000_push_appointments.sql's, and two arguments more (so the old signature goes first): the
-- interpreter asked for and the requester's organisation.
drop function if exists public.push_request_appointment(text, text, text, text, bigint, text, text, bigint, integer, bigint, bigint, text, text, text,
    text, text, text, text, bigint, bigint, jsonb);
create or replace function public.push_request_appointment(
  p_name              text,
  p_email             text,
  p_phone             text,
  p_organisation      text,
  p_language_id       bigint,
  p_mode              text,
  p_setting           text,
  p_starts_at         bigint,
  p_minutes           integer,
  p_blocked_from      bigint,
  p_blocked_to        bigint,
  p_address           text,
  p_call_number       text,
  p_notes             text,
  p_gender_preference text,
  p_locale            text,
  p_token_hash        text,
  p_token_sealed      text,
  p_now               bigint,
  p_id                bigint default null,
  p_mails             jsonb default '[]'::jsonb,
  p_preferred_interpreter_id  uuid default null,
  p_preferred_organisation_id bigint default null
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now         timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_email       text := pg_catalog.lower(p_email);
  v_language    text;
  v_customer_id bigint;
  v_id          bigint;
begin
  select l.name into v_language from public.languages l where l.id = p_language_id;
  if v_language is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-language');
  end if;
  v_id := coalesce(p_id, public.push_next_appointment_id());

  -- A booking running at the same moment for the same e-mail waits on the unique index, then finds its row.
  insert into public.customers (name, email, phone, company, created_at)
  values (p_name, v_email, p_phone, p_organisation, v_now)
  on conflict (email) do nothing;
  select c.id into v_customer_id from public.customers c where c.email = v_email;

  insert into public.appointments (id, customer_id, contact_name, contact_email, contact_phone, organisation, language_id,
                                   language, mode, setting, starts_at, minutes, blocked, address, call_number, notes,
                                   gender_preference, locale, token_hash, token_sealed, created_at, updated_at)
  overriding system value
  values (v_id, v_customer_id, p_name, v_email, p_phone, p_organisation, p_language_id,
          v_language, p_mode, p_setting, pg_catalog.to_timestamp(p_starts_at / 1000.0), p_minutes,
          pg_catalog.tstzrange(pg_catalog.to_timestamp(p_blocked_from / 1000.0), pg_catalog.to_timestamp(p_blocked_to / 1000.0), '[)'),
          p_address, p_call_number, p_notes, p_gender_preference, p_locale, p_token_hash, p_token_sealed, v_now, v_now);

  -- The requester's "same interpreter as last time": stored only when they are one of the organisation's past
  -- interpreters and the booking's customer is that organisation's (the route checked both; this write does again).
  update public.appointments a set preferred_interpreter_id = p_preferred_interpreter_id
  where a.id = v_id and p_preferred_interpreter_id is not null
    and exists (select 1 from public.customers c where c.id = v_customer_id and c.organisation_id = p_preferred_organisation_id)
    and p_preferred_interpreter_id in (select private.push_past_interpreter_ids(p_preferred_organisation_id));

  perform private.push_enqueue_appointment_mails(v_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_id);
end;
$$;

revoke all on function public.push_request_appointment(text, text, text, text, bigint, text, text, bigint, integer, bigint, bigint, text, text, text,
    text, text, text, text, bigint, bigint, jsonb, uuid, bigint)
  from public, anon, authenticated;
grant execute on function public.push_request_appointment(text, text, text, text, bigint, text, text, bigint, integer, bigint, bigint, text, text, text,
    text, text, text, text, bigint, bigint, jsonb, uuid, bigint)
  to service_role;

-- ─── The offers' candidates, with the booking's own choice ──────────────────────────────────────────────────────
-- As 20261205001300_push_interpreter_preferences.sql's, and 'preferred' is also true for the interpreter appointment
-- p_except was booked asking for. Same signature and grants (service role only).
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
    select u.id, u.full_name,
           exists (select 1 from stances st where st.interpreter_id = u.id and st.stance = 'preferred')
             or exists (select 1 from public.appointments a where a.id = p_except and a.preferred_interpreter_id = u.id) as preferred
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

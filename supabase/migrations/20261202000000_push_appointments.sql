-- Booked appointments (issue 25, docs/decisions/0030): the same model as D1's migrations/0017_appointments.sql.
-- Instants are timestamptz (the functions take and give epoch milliseconds, as the orders' do); the span an appointment
-- takes from its interpreter is the tstzrange `blocked`, [from, to), stored with the row. Re-runnable.
--
-- Who reaches what through the public API (the worker does everything else with the service role):
--   appointments   admins read; an interpreter reads the appointments assigned to them, without the private link
--                  (its hash and sealed copy); anon nothing: customers reach their booking through the worker, which
--                  checks the link's token
--   mail_outbox    nobody, as before: an appointment's e-mails are linked to it (appointment_id)
-- No double booking: an exclusion constraint refuses two confirmed appointments of one interpreter whose blocked spans
-- overlap, whatever writes them (a function, the table editor, the service role). Every change the worker makes is ONE
-- call of a function below (supabase-js .rpc(), one transaction), with its e-mails. Only the service role may call them.

-- The `=` on the interpreter's id inside a GiST exclusion constraint needs btree_gist; extensions live in their own
-- schema on Supabase (as pg_trgm does: 20261130000000_push_search_and_customer_totals.sql).
create extension if not exists btree_gist with schema extensions;

-- ─── The table ─────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.appointments (
  id                bigint generated always as identity primary key,
  -- The customer found (by lower-cased e-mail) or created; the booking keeps the contact details as typed.
  customer_id       bigint not null references public.customers (id) on delete restrict,
  contact_name      text not null,
  contact_email     text not null,
  contact_phone     text not null default '',
  organisation      text not null default '',
  -- A language deleted later leaves the appointment as it was booked (its name is kept beside it).
  language_id       bigint references public.languages (id) on delete set null,
  language          text not null,
  mode              text not null check (mode in ('on_site', 'video', 'phone')),
  setting           text not null check (setting in ('medical', 'legal', 'education', 'business', 'community', 'other')),
  starts_at         timestamptz not null,
  minutes           integer not null check (minutes between 30 and 480 and minutes % 15 = 0),
  -- The span it takes from its interpreter, [start − travel, end + travel) on site, [start, end) otherwise.
  blocked           tstzrange not null,
  address           text not null default '',
  call_number       text not null default '',
  notes             text not null default '',
  gender_preference text check (gender_preference in ('female', 'male')),
  locale            text not null default 'en' check (locale in ('en', 'ar')),
  status            text not null default 'requested'
                    check (status in ('requested', 'offered', 'confirmed', 'completed', 'cancelled')),
  -- Every change adds one: a change names the version its page showed (compare-and-set).
  version           integer not null default 1 check (version >= 1),
  interpreter_id    uuid references public.users (id) on delete set null,
  cancel_reason     text not null default '',
  cancelled_at      timestamptz,
  cancelled_by      text check (cancelled_by in ('customer', 'staff')),
  -- SHA-256 (hex) of the private link's token, and the token sealed with the worker's secret (as orders keep theirs).
  token_hash        text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  token_sealed      text,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  -- Half-open and finite, and covering the appointment's own time.
  constraint appointments_blocked_check check (
    pg_catalog.lower_inc(blocked) and not pg_catalog.upper_inc(blocked)
    and not pg_catalog.lower_inf(blocked) and not pg_catalog.upper_inf(blocked)
    and blocked @> pg_catalog.tstzrange(starts_at, starts_at + pg_catalog.make_interval(mins => minutes), '[)')
  ),
  -- One interpreter, no overlapping confirmed appointments (docs/decisions/0030). `[)`: back-to-back spans fit.
  constraint appointments_no_double_booking exclude using gist (interpreter_id with =, blocked with &&) where (status = 'confirmed')
);
create index if not exists appointments_starts_idx on public.appointments (starts_at);
create index if not exists appointments_status_starts_idx on public.appointments (status, starts_at);
create index if not exists appointments_customer_idx on public.appointments (customer_id);

-- An appointment's e-mails go through the orders' outbox (so they survive a mail outage), linked to it.
alter table public.mail_outbox add column if not exists appointment_id bigint references public.appointments (id) on delete set null;
create index if not exists mail_outbox_appointment_idx on public.mail_outbox (appointment_id, created_at);

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.appointments enable row level security;

drop policy if exists "appointments: admins all, interpreters their assigned" on public.appointments;
create policy "appointments: admins all, interpreters their assigned" on public.appointments
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));

revoke all on table public.appointments from public, anon, authenticated;
-- A row without its private link (the hash and the sealed copy): an interpreter reads their own appointment's row and
-- needs neither. (The worker reads every column with the service role.)
grant select (id, customer_id, contact_name, contact_email, contact_phone, organisation, language_id, language, mode, setting,
  starts_at, minutes, blocked, address, call_number, notes, gender_preference, locale, status, version, interpreter_id,
  cancel_reason, cancelled_at, cancelled_by, created_at, updated_at) on table public.appointments to authenticated;
grant select, insert, update, delete on table public.appointments to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated',
                 pg_catalog.pg_get_serial_sequence('public.appointments', 'id'));
end
$$;

-- ─── Helpers (schema private) ──────────────────────────────────────────────────────────────────────────────────

-- p_mails: [{ kind, to_email, subject, body }], stored pending and due at p_now for appointment p_appointment_id.
create or replace function private.push_enqueue_appointment_mails(p_appointment_id bigint, p_mails jsonb, p_now bigint)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.mail_outbox (kind, to_email, subject, body, appointment_id, created_at, next_attempt_at)
  select m.kind, m.to_email, m.subject, m.body, p_appointment_id, p_now, p_now
  from pg_catalog.jsonb_to_recordset(coalesce(p_mails, '[]'::jsonb)) as m (kind text, to_email text, subject text, body text);
$$;

-- An appointment in the columns of app/backend/rows/appointment.server.ts AppointmentRow: the row's columns but the
-- link's hash, the blocked span as blocked_from and blocked_to, and its interpreter's name. Null when there is none.
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
    'cancelled_by', a.cancelled_by, 'token_sealed', a.token_sealed, 'created_at', a.created_at, 'updated_at', a.updated_at)
  from public.appointments a
  left join public.users u on u.id = a.interpreter_id
  where a.id = p_id;
$$;

revoke all on function
  private.push_enqueue_appointment_mails(bigint, jsonb, bigint), private.push_appointment(bigint)
  from public, anon, authenticated;
grant execute on function
  private.push_enqueue_appointment_mails(bigint, jsonb, bigint), private.push_appointment(bigint)
  to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the orders' functions: they run as the service role that calls them.
-- Instants come and go as epoch milliseconds, stored as timestamptz with to_timestamp(ms / 1000.0).

-- The id the next booking will be stored under (a sequence value, never handed out twice), so that the e-mails the
-- worker writes for it can carry its number.
create or replace function public.push_next_appointment_id()
returns bigint
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.nextval(pg_catalog.pg_get_serial_sequence('public.appointments', 'id'));
$$;

-- A booking, all or nothing. Refused, storing nothing, with { ok: false, reason: 'unknown-language' } when the
-- language does not exist; otherwise the customer found by lower-cased e-mail or created (details typed later never
-- overwrite those on file), the appointment (status requested, version 1) under p_id (from push_next_appointment_id;
-- a new one when null) with the language's name kept beside its id, and its e-mails (p_mails). Answers { ok: true, id }.
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
  p_mails             jsonb default '[]'::jsonb
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

  perform private.push_enqueue_appointment_mails(v_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_id);
end;
$$;

-- An appointment by id (private.push_appointment), or null.
create or replace function public.push_get_appointment(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_appointment(p_id);
$$;

-- The appointment behind a private link (its token's SHA-256), or null.
create or replace function public.push_appointment_by_token(p_token_hash text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_appointment(a.id) from public.appointments a where a.token_hash = p_token_hash;
$$;

-- A cancellation (by 'customer' or 'staff', with staff's reason), stored only if the appointment still has version
-- p_version AND is requested, offered or confirmed (one UPDATE … WHERE: a change running at the same moment waits for
-- this one's row lock, then finds the version moved on). Only when it wins, in the same transaction: its e-mails.
-- Answers { ok: true, version } or { ok: false, reason }: 'not-found'; 'stale' when the version differs;
-- 'not-cancellable' when it is the version asked for but completed or cancelled already.
create or replace function public.push_cancel_appointment(
  p_id      bigint,
  p_version integer,
  p_by      text,
  p_reason  text,
  p_now     bigint,
  p_mails   jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now     timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_version integer;
begin
  update public.appointments a
  set status = 'cancelled',
      version = a.version + 1,
      cancel_reason = p_reason,
      cancelled_at = v_now,
      cancelled_by = p_by,
      updated_at = v_now
  where a.id = p_id and a.version = p_version and a.status in ('requested', 'offered', 'confirmed')
  returning a.version into v_version;

  if v_version is null then
    select a.version into v_version from public.appointments a where a.id = p_id;
    return pg_catalog.jsonb_build_object(
      'ok', false,
      'reason', case when v_version is null then 'not-found' when v_version <> p_version then 'stale' else 'not-cancellable' end);
  end if;

  perform private.push_enqueue_appointment_mails(p_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version);
end;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_next_appointment_id(),
  public.push_request_appointment(text, text, text, text, bigint, text, text, bigint, integer, bigint, bigint, text, text, text,
    text, text, text, text, bigint, bigint, jsonb),
  public.push_get_appointment(bigint),
  public.push_appointment_by_token(text),
  public.push_cancel_appointment(bigint, integer, text, text, bigint, jsonb)
  from public, anon, authenticated;
grant execute on function
  public.push_next_appointment_id(),
  public.push_request_appointment(text, text, text, text, bigint, text, text, bigint, integer, bigint, bigint, text, text, text,
    text, text, text, text, bigint, bigint, jsonb),
  public.push_get_appointment(bigint),
  public.push_appointment_by_token(text),
  public.push_cancel_appointment(bigint, integer, text, text, bigint, jsonb)
  to service_role;

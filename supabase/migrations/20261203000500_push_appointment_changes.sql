-- Staff change an appointment's time or details (issue 25, build item 3; docs/decisions/0032): the same change as D1's
-- batch in app/backend/d1/appointments.server.ts, as ONE call of a SQL function (one transaction, with its e-mails).
-- No new table and no new privilege for the API roles: like every appointment function it is the service role's alone.
-- Re-runnable.

-- A change of appointment p_id, stored only if it still has version p_version AND is requested, offered or confirmed.
-- Its row is locked first (FOR UPDATE: an offer, an accept or a cancellation running at the same moment is decided
-- before or after it, never half way), then the refusals, in this order: 'not-found'; 'stale' when the version differs;
-- 'not-changeable' when it is completed or cancelled; 'conflict' when it is confirmed and kept (p_release false) but its
-- interpreter has another confirmed appointment whose blocked span overlaps the new one — the exclusion constraint
-- says so too when such a confirmation committed in between. Otherwise its details and blocked span are stored and
-- its version grows (the .ics and the feeds' SEQUENCE with it). With p_release the interpreter cannot take it as
-- changed: it goes back to 'requested' with no interpreter, its open, accepted and taken offers are removed (declines
-- kept) and so is its unfilled notice — a new round of offers. When the start moves or it is released, its reminder
-- rows are removed, so the cron writes each again, once, for the new time. Then its e-mails (p_mails). Answers
-- { ok: true, version, status } or { ok: false, reason }.
create or replace function public.push_change_appointment(
  p_id                bigint,
  p_version           integer,
  p_release           boolean,
  p_name              text,
  p_email             text,
  p_phone             text,
  p_organisation      text,
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
  p_now               bigint,
  p_mails             jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now         timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_starts_at   timestamptz := pg_catalog.to_timestamp(p_starts_at / 1000.0);
  v_blocked     tstzrange := pg_catalog.tstzrange(pg_catalog.to_timestamp(p_blocked_from / 1000.0),
                                                  pg_catalog.to_timestamp(p_blocked_to / 1000.0), '[)');
  v_status      text;
  v_version     integer;
  v_interpreter uuid;
  v_starts_was  timestamptz;
begin
  select a.status, a.version, a.interpreter_id, a.starts_at into v_status, v_version, v_interpreter, v_starts_was
  from public.appointments a where a.id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  end if;
  if v_version <> p_version then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'stale');
  end if;
  if v_status not in ('requested', 'offered', 'confirmed') then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-changeable');
  end if;
  if not p_release and v_status = 'confirmed' and exists (
    select 1 from public.appointments other
    where other.interpreter_id = v_interpreter and other.status = 'confirmed' and other.id <> p_id and other.blocked && v_blocked
  ) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'conflict');
  end if;

  begin
    update public.appointments a
    set contact_name = p_name, contact_email = p_email, contact_phone = p_phone, organisation = p_organisation,
        mode = p_mode, setting = p_setting, starts_at = v_starts_at, minutes = p_minutes, blocked = v_blocked,
        address = p_address, call_number = p_call_number, notes = p_notes, gender_preference = p_gender_preference,
        status = case when p_release then 'requested' else a.status end,
        interpreter_id = case when p_release then null else a.interpreter_id end,
        version = a.version + 1, updated_at = v_now
    where a.id = p_id
    returning a.version, a.status into v_version, v_status;
  exception when exclusion_violation then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'conflict');
  end;

  if p_release then
    delete from public.appointment_offers o where o.appointment_id = p_id and o.status in ('open', 'accepted', 'taken');
    delete from public.unfilled_notices n where n.appointment_id = p_id;
  end if;
  if p_release or v_starts_was <> v_starts_at then
    delete from public.appointment_reminders r where r.appointment_id = p_id;
  end if;

  perform private.push_enqueue_appointment_mails(p_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version, 'status', v_status);
end;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC has
-- it by default): take both away, so only the worker's service-role key can call it through /rpc.
revoke all on function
  public.push_change_appointment(bigint, integer, boolean, text, text, text, text, text, text, bigint, integer, bigint, bigint,
    text, text, text, text, bigint, jsonb)
  from public, anon, authenticated;
grant execute on function
  public.push_change_appointment(bigint, integer, boolean, text, text, text, text, text, text, bigint, integer, bigint, bigint,
    text, text, text, text, bigint, jsonb)
  to service_role;

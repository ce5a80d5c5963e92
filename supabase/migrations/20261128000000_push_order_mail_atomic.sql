-- An order change and its e-mails are one write (issue 21): the request, a transition and a message each store the
-- e-mails the worker wrote for them (p_mails) in the same call, so in the same transaction. Before, the worker stored
-- them after the change: when that failed, the order existed (or had moved on) and its e-mails were lost — a customer
-- without their status link sent the request again. A request's mails carry the order's number, so the worker asks
-- for the id first (push_next_order_id: a sequence value, never handed out twice) and the request is stored under it.
-- The D1 counterpart is app/backend/d1/orders.server.ts (the mail rows in the change's batch). Re-runnable.

-- p_mails: [{ kind, to_email, subject, body }], stored pending and due at p_now for order p_order_id.
create or replace function private.push_enqueue_order_mails(p_order_id bigint, p_mails jsonb, p_now bigint)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.mail_outbox (kind, to_email, subject, body, order_id, created_at, next_attempt_at)
  select m.kind, m.to_email, m.subject, m.body, p_order_id, p_now, p_now
  from pg_catalog.jsonb_to_recordset(coalesce(p_mails, '[]'::jsonb)) as m (kind text, to_email text, subject text, body text);
$$;
revoke all on function private.push_enqueue_order_mails(bigint, jsonb, bigint) from public, anon, authenticated;
grant execute on function private.push_enqueue_order_mails(bigint, jsonb, bigint) to service_role;

-- The id the next request will be stored under.
create or replace function public.push_next_order_id()
returns bigint
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.nextval(pg_catalog.pg_get_serial_sequence('public.orders', 'id'));
$$;

-- The signatures change (two and one parameters more): the old ones go, so that PostgREST finds exactly one of each.
drop function if exists public.push_create_order(text, text, text, text, bigint, bigint, bigint[], date, text, text, text, text, jsonb, bigint);
drop function if exists public.push_transition_order(bigint, text, text, text, integer, text, uuid, jsonb, uuid, text, jsonb, jsonb, bigint);
drop function if exists public.push_add_order_message(bigint, text, uuid, text, bigint);

-- As in 20261126000000_push_orders.sql, and: stored under p_id (from push_next_order_id; a new one when null), with
-- p_mails. Answers { ok: true, id } or { ok: false, reason: 'unknown-service' | 'unknown-language' }, storing nothing.
create or replace function public.push_create_order(
  p_name                text,
  p_email               text,
  p_phone               text,
  p_company             text,
  p_service_id          bigint,
  p_source_language_id  bigint,
  p_target_language_ids bigint[],
  p_deadline            date,
  p_details             text,
  p_locale              text,
  p_token_hash          text,
  p_token_sealed        text,
  p_files               jsonb,
  p_now                 bigint,
  p_id                  bigint default null,
  p_mails               jsonb default '[]'::jsonb
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now         timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
  v_email       text := pg_catalog.lower(p_email);
  v_title       text;
  v_source      text;
  v_customer_id bigint;
  v_order_id    bigint := coalesce(p_id, public.push_next_order_id());
begin
  if coalesce(pg_catalog.cardinality(p_target_language_ids), 0) = 0 then
    raise exception 'an order needs at least one target language' using errcode = '22023';
  end if;
  select s.title into v_title from public.services s where s.id = p_service_id;
  if v_title is null then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-service');
  end if;
  if exists (
    select 1 from pg_catalog.unnest(p_source_language_id || p_target_language_ids) as wanted (id)
    where not exists (select 1 from public.languages l where l.id = wanted.id)
  ) then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'unknown-language');
  end if;
  select l.name into v_source from public.languages l where l.id = p_source_language_id;

  insert into public.customers (name, email, phone, company, created_at)
  values (p_name, v_email, p_phone, p_company, v_now)
  on conflict (email) do nothing;
  select c.id into v_customer_id from public.customers c where c.email = v_email;

  insert into public.orders (id, customer_id, service_id, service_title, source_language_id, source_language, deadline,
                             details, locale, token_hash, token_sealed, created_at, updated_at)
  overriding system value
  values (v_order_id, v_customer_id, p_service_id, v_title, p_source_language_id, v_source, p_deadline,
          p_details, p_locale, p_token_hash, p_token_sealed, v_now, v_now);

  insert into public.order_targets (order_id, language_id, language, position)
  select v_order_id, l.id, l.name, (t.n - 1)::integer
  from pg_catalog.unnest(p_target_language_ids) with ordinality as t (id, n)
  join public.languages l on l.id = t.id;

  insert into public.order_files (order_id, kind, object_key, file_name, content_type, size, created_at)
  select v_order_id, 'source', f.object_key, f.file_name, f.content_type, f.size, v_now
  from pg_catalog.jsonb_to_recordset(coalesce(p_files, '[]'::jsonb)) as f (object_key text, file_name text, content_type text, size bigint);

  insert into public.order_events (order_id, at, actor, action, to_status)
  values (v_order_id, v_now, 'customer', 'requested', 'new');

  perform private.push_enqueue_order_mails(v_order_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_order_id);
end;
$$;

-- As in 20261126000000_push_orders.sql, and: p_mails stored only when the compare-and-set wins.
create or replace function public.push_transition_order(
  p_id             bigint,
  p_transition     text,
  p_from           text,
  p_to             text,
  p_based_on       integer,
  p_actor          text,
  p_actor_id       uuid,
  p_quote          jsonb,
  p_interpreter_id uuid,
  p_cancel_reason  text,
  p_delivery_files jsonb,
  p_detail         jsonb,
  p_now            bigint,
  p_mails          jsonb default '[]'::jsonb
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
  update public.orders o
  set status = p_to,
      version = o.version + 1,
      updated_at = v_now,
      interpreter_id = coalesce(p_interpreter_id, o.interpreter_id),
      cancel_reason = coalesce(p_cancel_reason, o.cancel_reason)
  where o.id = p_id and o.version = p_based_on and o.status = p_from
  returning o.version into v_version;

  if v_version is null then
    return pg_catalog.jsonb_build_object(
      'ok', false,
      'reason', case when exists (select 1 from public.orders o where o.id = p_id) then 'stale' else 'not-found' end);
  end if;

  if pg_catalog.jsonb_typeof(p_quote) = 'object' then
    insert into public.order_quotes (order_id, amount_minor, currency, due_date, valid_until, quoted_at)
    select p_id, q.amount_minor, q.currency, q.due_date, q.valid_until, v_now
    from pg_catalog.jsonb_to_record(p_quote) as q (amount_minor bigint, currency text, due_date date, valid_until date);
  end if;

  if pg_catalog.jsonb_typeof(p_delivery_files) = 'array' then
    insert into public.order_files (order_id, kind, object_key, file_name, content_type, size, uploaded_by, created_at)
    select p_id, 'delivery', f.object_key, f.file_name, f.content_type, f.size, p_actor_id, v_now
    from pg_catalog.jsonb_to_recordset(p_delivery_files) as f (object_key text, file_name text, content_type text, size bigint);
  end if;

  insert into public.order_events (order_id, at, actor, actor_id, action, from_status, to_status, detail)
  values (p_id, v_now, p_actor, p_actor_id, p_transition, p_from, p_to, coalesce(p_detail, '{}'::jsonb));

  perform private.push_enqueue_order_mails(p_id, p_mails, p_now);

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version);
end;
$$;

-- As in 20261126000000_push_orders.sql, and: p_mails stored with the message. false when there is no such order.
create or replace function public.push_add_order_message(p_id bigint, p_author text, p_author_id uuid, p_body text, p_now bigint, p_mails jsonb default '[]'::jsonb)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.order_messages (order_id, author, author_id, body, created_at)
  select o.id, p_author, p_author_id, p_body, pg_catalog.to_timestamp(p_now / 1000.0)
  from public.orders o where o.id = p_id;
  if not found then
    return false;
  end if;
  perform private.push_enqueue_order_mails(p_id, p_mails, p_now);
  return true;
end;
$$;

-- Only the worker's service-role key may call them (as for every orders function).
revoke all on function
  public.push_next_order_id(),
  public.push_create_order(text, text, text, text, bigint, bigint, bigint[], date, text, text, text, text, jsonb, bigint, bigint, jsonb),
  public.push_transition_order(bigint, text, text, text, integer, text, uuid, jsonb, uuid, text, jsonb, jsonb, bigint, jsonb),
  public.push_add_order_message(bigint, text, uuid, text, bigint, jsonb)
  from public, anon, authenticated;
grant execute on function
  public.push_next_order_id(),
  public.push_create_order(text, text, text, text, bigint, bigint, bigint[], date, text, text, text, text, jsonb, bigint, bigint, jsonb),
  public.push_transition_order(bigint, text, text, text, integer, text, uuid, jsonb, uuid, text, jsonb, jsonb, bigint, jsonb),
  public.push_add_order_message(bigint, text, uuid, text, bigint, jsonb)
  to service_role;

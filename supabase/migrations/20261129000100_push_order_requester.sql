-- A public request never borrows a stored identity (issue 22; D1: migrations/0012_order_requester.sql). An order keeps
-- the name, company and phone its requester typed, and shows those (its list line, its page, its status page, its
-- e-mails); the customer found by its e-mail counts it as theirs only once the address is proven (the e-mailed link
-- was opened) or staff confirm it: identity_verified_at. The customer record itself is never changed by a request.
-- Orders from before were taken as their customer's and stay so. The functions below are those of
-- 20261126000000_push_orders.sql and 20261128000000_push_order_mail_atomic.sql with only that changed. Safe to run again.
alter table public.orders add column if not exists requester_name text not null default '';
alter table public.orders add column if not exists requester_company text not null default '';
alter table public.orders add column if not exists requester_phone text not null default '';
alter table public.orders add column if not exists identity_verified_at timestamptz;

-- Once: the orders from before this migration (every new one has its typed name; a name is required).
update public.orders o
set requester_name = c.name, requester_company = c.company, requester_phone = c.phone, identity_verified_at = o.created_at
from public.customers c
where c.id = o.customer_id and o.requester_name = '' and o.identity_verified_at is null;

create or replace function private.push_order_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', o.id, 'status', o.status, 'version', o.version,
    'customer_id', o.customer_id, 'customer_name', o.requester_name, 'customer_email', c.email, 'customer_company', o.requester_company,
    'identity_verified_at', o.identity_verified_at,
    'service_title', o.service_title, 'source_language', o.source_language, 'deadline', o.deadline,
    'created_at', o.created_at, 'updated_at', o.updated_at,
    'amount_minor', q.amount_minor, 'currency', q.currency,
    'interpreter_id', o.interpreter_id, 'interpreter_name', u.full_name,
    'targets', coalesce(
      (select pg_catalog.jsonb_agg(t.language order by t.position) from public.order_targets t where t.order_id = o.id),
      '[]'::jsonb))
  from public.orders o
  join public.customers c on c.id = o.customer_id
  left join public.order_quotes q on q.order_id = o.id
  left join public.users u on u.id = o.interpreter_id
  where o.id = p_id;
$$;

create or replace function private.push_order_detail(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_order_summary(o.id) || pg_catalog.jsonb_build_object(
    'customer_phone', o.requester_phone, 'service_id', o.service_id, 'source_language_id', o.source_language_id,
    'details', o.details, 'locale', o.locale, 'internal_note', o.internal_note, 'cancel_reason', o.cancel_reason,
    'token_revoked_at', o.token_revoked_at, 'token_sealed', o.token_sealed, 'due_date', q.due_date, 'valid_until', q.valid_until, 'quoted_at', q.quoted_at,
    'targets', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('language_id', t.language_id, 'language', t.language) order by t.position)
      from public.order_targets t where t.order_id = o.id), '[]'::jsonb),
    'files', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'id', f.id, 'order_id', f.order_id, 'kind', f.kind, 'object_key', f.object_key, 'file_name', f.file_name,
        'content_type', f.content_type, 'size', f.size, 'created_at', f.created_at) order by f.id)
      from public.order_files f where f.order_id = o.id), '[]'::jsonb),
    'messages', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'id', m.id, 'author', m.author, 'author_name', a.full_name, 'body', m.body, 'created_at', m.created_at) order by m.created_at, m.id)
      from public.order_messages m left join public.users a on a.id = m.author_id where m.order_id = o.id), '[]'::jsonb),
    'events', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'id', e.id, 'at', e.at, 'actor', e.actor, 'actor_name', a.full_name, 'action', e.action,
        'from_status', e.from_status, 'to_status', e.to_status, 'detail', e.detail) order by e.at, e.id)
      from public.order_events e left join public.users a on a.id = e.actor_id where e.order_id = o.id), '[]'::jsonb))
  from public.orders o
  left join public.order_quotes q on q.order_id = o.id
  where o.id = p_id;
$$;

create or replace function private.push_customer_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'company', c.company, 'created_at', c.created_at,
    'order_count', (select pg_catalog.count(*) from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null),
    'last_order_at', (select pg_catalog.max(o.created_at) from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null),
    'accepted_value', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('currency', v.currency, 'amount_minor', v.amount_minor) order by v.currency)
      from (
        select q.currency, pg_catalog.sum(q.amount_minor) as amount_minor
        from public.orders o join public.order_quotes q on q.order_id = o.id
        where o.customer_id = c.id and o.identity_verified_at is not null and o.status in ('accepted', 'in_progress', 'delivered', 'completed')
        group by q.currency
      ) v), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

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
                             details, locale, token_hash, token_sealed, requester_name, requester_company,
                             requester_phone, created_at, updated_at)
  overriding system value
  values (v_order_id, v_customer_id, p_service_id, v_title, p_source_language_id, v_source, p_deadline,
          p_details, p_locale, p_token_hash, p_token_sealed, p_name, p_company, p_phone, v_now, v_now);

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

create or replace function public.push_list_orders(
  p_search      text,
  p_order_id    bigint,
  p_status      text,
  p_service_id  bigint,
  p_language_id bigint,
  p_from        date,
  p_to          date,
  p_limit       integer,
  p_offset      integer
)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select o.id, o.created_at
    from public.orders o
    join public.customers c on c.id = o.customer_id
    where (p_status is null or o.status = p_status)
      and (p_service_id is null or o.service_id = p_service_id)
      and (p_language_id is null or o.source_language_id = p_language_id
           or exists (select 1 from public.order_targets t where t.order_id = o.id and t.language_id = p_language_id))
      and (p_from is null or o.created_at >= private.push_company_day_start(p_from))
      and (p_to is null or o.created_at < private.push_company_day_start(p_to + 1))
      and (coalesce(p_search, '') = ''
           or o.requester_name ilike private.push_like_pattern(p_search)
           or c.email ilike private.push_like_pattern(p_search)
           or o.id = p_order_id)
  ),
  page as (
    select m.id, m.created_at from matching m order by m.created_at desc, m.id desc limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(private.push_order_summary(p.id) order by p.created_at desc, p.id desc) from page p), '[]'::jsonb));
$$;

create or replace function public.push_list_customers(p_search text, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select c.id, c.name, (select pg_catalog.max(o.created_at) from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null) as last_order_at
    from public.customers c
    where coalesce(p_search, '') = ''
       or c.name ilike private.push_like_pattern(p_search)
       or c.email ilike private.push_like_pattern(p_search)
       or c.company ilike private.push_like_pattern(p_search)
  ),
  page as (
    select m.* from matching m order by m.last_order_at desc nulls last, m.name, m.id limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((
      select pg_catalog.jsonb_agg(private.push_customer_summary(p.id) order by p.last_order_at desc nulls last, p.name, p.id)
      from page p), '[]'::jsonb));
$$;

create or replace function public.push_get_customer(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'customer', private.push_customer_summary(c.id),
    'orders', coalesce((
      select pg_catalog.jsonb_agg(private.push_order_summary(o.id) order by o.created_at desc, o.id desc)
      from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

-- The order becomes its customer's (the e-mailed link was opened, or staff confirmed it). False when there is no such
-- order; one verified already keeps its first time.
create or replace function public.push_verify_order_identity(p_id bigint, p_now bigint)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with changed as (
    update public.orders o
    set identity_verified_at = coalesce(o.identity_verified_at, pg_catalog.to_timestamp(p_now / 1000.0))
    where o.id = p_id
    returning o.id
  )
  select exists (select 1 from changed);
$$;

-- Only the worker's service-role key may call it (as every orders function); the replaced ones keep their grants.
revoke all on function public.push_verify_order_identity(bigint, bigint) from public, anon, authenticated;
grant execute on function public.push_verify_order_identity(bigint, bigint) to service_role;

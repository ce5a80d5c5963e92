-- Search and customer totals that do not rescan everything (issue 23; docs/decisions/0026; D1:
-- migrations/0014_search_and_customer_totals.sql).
--
-- Search: a trigram index (pg_trgm) over one search column per table — the name, e-mail and company joined by
-- chr(31), a control character a search never holds (the worker turns them into spaces) — so ILIKE '%…%' finds any part
-- of one field, case ignored, as it did, but through an index; and exactly what D1's FTS5 trigram tables find.
-- A customer's number of orders and their last order are kept with the orders (a trigger), and the Customers page
-- reads them from an index instead of grouping every order per request. Safe to run again.
create extension if not exists pg_trgm with schema extensions;

alter table public.customers add column if not exists search_text text
  generated always as (name || chr(31) || email || chr(31) || company) stored;
create index if not exists customers_search_idx on public.customers using gin (search_text extensions.gin_trgm_ops);

-- An order's requester fields and its customer never change after the insert, so the insert fills the column.
alter table public.orders add column if not exists search_text text not null default '';
create or replace function private.push_order_search_text()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_text := new.requester_name || chr(31) || (select c.email from public.customers c where c.id = new.customer_id)
    || chr(31) || new.requester_company;
  return new;
end;
$$;
drop trigger if exists orders_search_text on public.orders;
create trigger orders_search_text before insert on public.orders
  for each row execute function private.push_order_search_text();
update public.orders o set search_text = o.requester_name || chr(31) || c.email || chr(31) || o.requester_company
  from public.customers c where c.id = o.customer_id and o.search_text = '';
create index if not exists orders_search_idx on public.orders using gin (search_text extensions.gin_trgm_ops);

-- Maintained with the orders: only orders that are the customer's (identity_verified_at) count.
alter table public.customers add column if not exists order_count integer not null default 0;
alter table public.customers add column if not exists last_order_at timestamptz;
update public.customers c set
  order_count = (select pg_catalog.count(*) from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null),
  last_order_at = (select pg_catalog.max(o.created_at) from public.orders o where o.customer_id = c.id and o.identity_verified_at is not null);
create index if not exists customers_recent_idx on public.customers (last_order_at desc nulls last, name, id);

create or replace function private.push_count_customer_order()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.identity_verified_at is not null then
      update public.customers c set order_count = c.order_count - 1,
        last_order_at = (select pg_catalog.max(o.created_at) from public.orders o
                         where o.customer_id = old.customer_id and o.identity_verified_at is not null)
      where c.id = old.customer_id;
    end if;
    return old;
  end if;
  if new.identity_verified_at is not null and (tg_op = 'INSERT' or old.identity_verified_at is null) then
    update public.customers c set order_count = c.order_count + 1,
      last_order_at = greatest(c.last_order_at, new.created_at)
    where c.id = new.customer_id;
  end if;
  return new;
end;
$$;
drop trigger if exists orders_count_for_customer on public.orders;
create trigger orders_count_for_customer after insert or delete or update of identity_verified_at on public.orders
  for each row execute function private.push_count_customer_order();

-- A customer's orders, newest first, page by page: the index on customer_id alone is replaced.
create index if not exists orders_customer_created_idx on public.orders (customer_id, created_at, id);
drop index if exists public.orders_customer_idx;
-- The language filter of the order list reads the targets by language.
create index if not exists order_targets_language_idx on public.order_targets (language_id, order_id);
create index if not exists orders_source_language_idx on public.orders (source_language_id);

-- The functions below are those of 20261129000100_push_order_requester.sql with only the reads above changed.
create or replace function private.push_customer_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'company', c.company, 'created_at', c.created_at,
    'order_count', c.order_count, 'last_order_at', c.last_order_at,
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
    where (p_status is null or o.status = p_status)
      and (p_service_id is null or o.service_id = p_service_id)
      and (p_language_id is null or o.source_language_id = p_language_id
           or o.id in (select t.order_id from public.order_targets t where t.language_id = p_language_id))
      and (p_from is null or o.created_at >= private.push_company_day_start(p_from))
      and (p_to is null or o.created_at < private.push_company_day_start(p_to + 1))
      -- p_search is '' for none, or for a search too short for the trigram index (then only p_order_id is looked for).
      and ((coalesce(p_search, '') = '' and p_order_id is null)
           or (coalesce(p_search, '') <> '' and o.search_text ilike private.push_like_pattern(p_search))
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
    select c.id, c.name, c.last_order_at
    from public.customers c
    where coalesce(p_search, '') = '' or c.search_text ilike private.push_like_pattern(p_search)
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

-- A customer with one page of their orders, newest first: { customer, orders: [summary…] }, or null. Replaces the
-- version that answered every order.
drop function if exists public.push_get_customer(bigint);
create or replace function public.push_get_customer(p_id bigint, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'customer', private.push_customer_summary(c.id),
    'orders', coalesce((
      select pg_catalog.jsonb_agg(private.push_order_summary(p.id) order by p.created_at desc, p.id desc)
      from (
        select o.id, o.created_at from public.orders o
        where o.customer_id = c.id and o.identity_verified_at is not null
        order by o.created_at desc, o.id desc limit p_limit offset p_offset
      ) p), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

-- Only the worker's service-role key may call it (as every orders function); trigger functions are called by none.
revoke all on function public.push_get_customer(bigint, integer, integer) from public, anon, authenticated;
grant execute on function public.push_get_customer(bigint, integer, integer) to service_role;
revoke all on function private.push_order_search_text(), private.push_count_customer_order() from public, anon, authenticated;

-- The Users page, a page at a time (ACCOUNTS_PAGE_SIZE): the sign-in accounts of Supabase Auth with their users rows,
-- in e-mail order (code points, as D1 orders them), searched in the e-mail and the name; { total, items }. Security
-- definer: only its owner reads auth.users; only the worker's service-role key may call it.
create or replace function public.push_list_accounts(p_search text, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with matching as (
    select a.id, a.email, a.last_sign_in_at, a.banned_until, u.full_name, u.role
    from auth.users a
    left join public.users u on u.id = a.id
    where coalesce(p_search, '') = ''
       or a.email ilike private.push_like_pattern(p_search)
       or u.full_name ilike private.push_like_pattern(p_search)
  ),
  page as (
    select m.* from matching m order by m.email collate "C", m.id limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(p) order by p.email collate "C", p.id) from page p), '[]'::jsonb));
$$;
revoke all on function public.push_list_accounts(text, integer, integer) from public, anon, authenticated;
grant execute on function public.push_list_accounts(text, integer, integer) to service_role;

-- The people who may take an order: those a typed text names (name or e-mail, any part, any case; or an id), linked to
-- every one of the languages, by name, at most p_limit — counted in SQL instead of reading every person and every
-- link (issue 23). JSON rows { id, full_name, email }.
create or replace function public.push_find_people(p_search text, p_language_ids bigint[], p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email)
                                       order by p.full_name_sort, p.id), '[]'::jsonb)
  from (
    select u.id, u.full_name, u.email, u.full_name_sort
    from public.users u
    where (coalesce(p_search, '') = ''
           or u.id::text = p_search
           or u.full_name ilike private.push_like_pattern(p_search)
           or u.email ilike private.push_like_pattern(p_search))
      and (select pg_catalog.count(distinct ul.language_id) from public.user_languages ul
           where ul.user_id = u.id and ul.language_id = any (p_language_ids))
          = (select pg_catalog.count(distinct wanted) from pg_catalog.unnest(p_language_ids) as wanted)
    order by u.full_name_sort, u.id
    limit p_limit
  ) p;
$$;
revoke all on function public.push_find_people(text, bigint[], integer) from public, anon, authenticated;
grant execute on function public.push_find_people(text, bigint[], integer) to service_role;

-- The link screen's list, a page at a time: by interpreter, then language (lower-cased, as the other lists sort), with
-- the total; { total, items: [{ id, user_id, user_name, language_id, language_name }] }.
create or replace function public.push_list_links(p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from public.user_languages),
    'items', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'id', p.id, 'user_id', p.user_id, 'user_name', p.full_name, 'language_id', p.language_id, 'language_name', p.name)
        order by p.full_name_sort, p.name_sort, p.id)
      from (
        select ul.id, ul.user_id, u.full_name, u.full_name_sort, ul.language_id, l.name, l.name_sort
        from public.user_languages ul
        join public.users u on u.id = ul.user_id
        join public.languages l on l.id = ul.language_id
        order by u.full_name_sort, l.name_sort, ul.id
        limit p_limit offset p_offset
      ) p), '[]'::jsonb));
$$;
revoke all on function public.push_list_links(integer, integer) from public, anon, authenticated;
grant execute on function public.push_list_links(integer, integer) to service_role;

-- The call log's totals read an index that holds every column they count (as D1's migrations/0015), and the answered
-- calls' waits have an index of their own, in order.
create index if not exists call_log_totals_idx on public.call_log (requested_at) include (outcome, answered_at, ended_at, language_id, interpreter_id);
create index if not exists call_log_waits_idx on public.call_log ((answered_at - requested_at)) where outcome = 'answered';

-- The languages someone is linked to (those a call can be made in), each once: [{ id, name }].
create or replace function public.push_linked_languages()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', l.id, 'name', l.name) order by l.name_sort, l.id), '[]'::jsonb)
  from public.languages l
  where exists (select 1 from public.user_languages ul where ul.language_id = l.id);
$$;
revoke all on function public.push_linked_languages() from public, anon, authenticated;
grant execute on function public.push_linked_languages() to service_role;

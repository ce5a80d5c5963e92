-- The customer portal's messages list (issue 27 build item 2, docs/decisions/0040): on /Account, one page of the
-- messages of the organisation's proven orders, newest first — the orders push_portal_orders lists, by the same rule
-- (identity_verified_at set, the order's customer in the organisation, joined in the statement that reads the rows).
-- Service role only, like the other push_portal_* functions; a requester reads it through the worker after
-- requireCustomer. The same rules as D1's app/backend/d1/portal.server.ts `messages`. Re-runnable.

-- One page of those messages and how many match: the search reads any part of the body (any case), or p_order_id is
-- the order's number. The customer's own messages carry the order's requester name; PUSH's carry no name and no id.
create or replace function public.push_portal_messages(p_organisation bigint, p_search text, p_order_id bigint, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select m.id, m.order_id, m.author, case when m.author = 'customer' then o.requester_name end as customer_name, m.body, m.created_at
    from public.order_messages m
    join public.orders o on o.id = m.order_id
    join public.customers c on c.id = o.customer_id and c.organisation_id = p_organisation
    where o.identity_verified_at is not null
      and (coalesce(p_search, '') = ''
        or m.body ilike private.push_like_pattern(p_search)
        or m.order_id = p_order_id)
  ), page as (
    select * from matching x order by x.created_at desc, x.id desc limit p_limit offset p_offset
  )
  select pg_catalog.jsonb_build_object(
    'total', (select pg_catalog.count(*) from matching),
    'items', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(p) order by p.created_at desc, p.id desc) from page p), '[]'::jsonb));
$$;

revoke all on function public.push_portal_messages(bigint, text, bigint, integer, integer) from public, anon, authenticated;
grant execute on function public.push_portal_messages(bigint, text, bigint, integer, integer) to service_role;

-- Quote requests that become orders (issue 13, docs/decisions/0018), and the e-mails about them (docs/decisions/0020).
-- The D1 counterparts are migrations/0008_orders.sql and 0009_mail_outbox.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker does everything else with the service role):
--   customers, order_quotes, order_messages, order_events   admins read; nobody else
--   orders, order_targets, order_files                      admins read; an interpreter reads the orders assigned
--                                                           to them, with their languages and files
--   mail_outbox                                             nobody: the worker's own queue (no policy, no privilege)
--   anon                                                    nothing at all: customers reach their order through the
--                                                           worker, which checks the status link's token
-- Every change to an order is ONE call of a function below (supabase-js .rpc(), one transaction): the request with
-- its customer, targets, files and first history entry; a transition (compare-and-set on version and status) with
-- what it writes beside; a message; the note; a revoked link. Only the service role may execute them.
-- Prices live in order_quotes so that an interpreter's rows carry none; a customer's contact details live in
-- customers, which interpreters cannot read.

-- ─── Tables ────────────────────────────────────────────────────────────────────────────────────────────────────

create table if not exists public.customers (
  id         bigint generated always as identity primary key,
  name       text not null,
  email      text not null,
  phone      text not null default '',
  company    text not null default '',
  created_at timestamptz not null default now()
);
-- "Found or created by email": the worker stores it lower-cased.
create unique index if not exists customers_email_key on public.customers (email);

create table if not exists public.orders (
  id                 bigint generated always as identity primary key,
  customer_id        bigint not null references public.customers (id) on delete restrict,
  -- A service or language deleted later leaves the order as it was asked for (its name is kept beside it).
  service_id         bigint references public.services (id) on delete set null,
  service_title      text not null,
  source_language_id bigint references public.languages (id) on delete set null,
  source_language    text not null,
  deadline           date not null,
  details            text not null default '',
  locale             text not null default 'en' check (locale in ('en', 'ar')),
  status             text not null default 'new'
                     check (status in ('new', 'quoted', 'accepted', 'declined', 'in_progress', 'delivered', 'completed', 'cancelled')),
  -- Every change adds one: a transition names the version its page showed (compare-and-set).
  version            integer not null default 1 check (version >= 1),
  interpreter_id     uuid references public.users (id) on delete set null,
  internal_note      text not null default '',
  cancel_reason      text not null default '',
  -- SHA-256 (hex) of the status link's token; the token itself is never stored.
  token_hash         text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- The token sealed with the worker's secret (AES-GCM, app/lib/status-token.server.ts), so later e-mails can carry
  -- the link; useless without that secret, which only the worker holds.
  token_sealed       text,
  token_revoked_at   timestamptz,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
create index if not exists orders_status_created_idx on public.orders (status, created_at desc);
create index if not exists orders_customer_idx on public.orders (customer_id);
create index if not exists orders_interpreter_idx on public.orders (interpreter_id);

create table if not exists public.order_targets (
  order_id    bigint not null references public.orders (id) on delete cascade,
  language_id bigint references public.languages (id) on delete set null,
  language    text not null,
  position    integer not null,
  primary key (order_id, position)
);

create table if not exists public.order_quotes (
  order_id     bigint primary key references public.orders (id) on delete cascade,
  amount_minor bigint not null check (amount_minor > 0),
  currency     text not null check (currency ~ '^[A-Z]{3}$'),
  due_date     date not null,
  valid_until  date not null,
  quoted_at    timestamptz not null default now()
);

create table if not exists public.order_files (
  id           bigint generated always as identity primary key,
  order_id     bigint not null references public.orders (id) on delete cascade,
  kind         text not null check (kind in ('source', 'delivery')),
  -- The object's key in the private bucket: random, never derived from the file's name.
  object_key   text not null unique,
  file_name    text not null,
  content_type text not null,
  size         bigint not null check (size > 0),
  uploaded_by  uuid references public.users (id) on delete set null,
  created_at   timestamptz not null default now()
);
create index if not exists order_files_order_idx on public.order_files (order_id);

create table if not exists public.order_messages (
  id         bigint generated always as identity primary key,
  order_id   bigint not null references public.orders (id) on delete cascade,
  author     text not null check (author in ('customer', 'staff')),
  author_id  uuid references public.users (id) on delete set null,
  body       text not null check (pg_catalog.length(body) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index if not exists order_messages_order_idx on public.order_messages (order_id, created_at);

-- The order's history: who did what, when (each transition, each note, each revoked link).
create table if not exists public.order_events (
  id          bigint generated always as identity primary key,
  order_id    bigint not null references public.orders (id) on delete cascade,
  at          timestamptz not null default now(),
  actor       text not null check (actor in ('staff', 'customer', 'interpreter', 'system')),
  actor_id    uuid references public.users (id) on delete set null,
  action      text not null,
  from_status text,
  to_status   text,
  -- What the entry records beside who and when (a quote, the interpreter assigned, a reason): one JSON object.
  detail      jsonb not null default '{}'::jsonb constraint order_events_detail_check check (pg_catalog.jsonb_typeof(detail) = 'object')
);
create index if not exists order_events_order_idx on public.order_events (order_id, at);

-- E-mails about orders, stored before they are relayed to the mail provider (docs/decisions/0020), with the contact
-- outbox's claim and retry columns: a mail outage delays them and never loses one. Instants are epoch milliseconds
-- (bigint), as in contact_messages, which shares the relay's code.
create table if not exists public.mail_outbox (
  id              bigint generated by default as identity primary key,
  kind            text not null,
  to_email        text not null,
  subject         text not null,
  body            text not null,
  order_id        bigint references public.orders (id) on delete set null,
  created_at      bigint not null,
  -- pending: waiting to be relayed (again); sent: the provider accepted it; failed: given up, needs a person.
  status          text not null default 'pending'
                  constraint mail_outbox_status_check check (status in ('pending', 'sent', 'failed')),
  attempts        integer not null default 0,
  last_error      text,
  next_attempt_at bigint not null,
  sent_at         bigint,
  -- A relay run claims a mail before sending it; an unexpired claim keeps other runs away from it.
  claim_id        text,
  claimed_until   bigint
);
create index if not exists mail_outbox_due_idx on public.mail_outbox (status, next_attempt_at);
create index if not exists mail_outbox_order_idx on public.mail_outbox (order_id, created_at);

-- ─── Row-level security ────────────────────────────────────────────────────────────────────────────────────────

alter table public.customers      enable row level security;
alter table public.orders         enable row level security;
alter table public.order_targets  enable row level security;
alter table public.order_quotes   enable row level security;
alter table public.order_files    enable row level security;
alter table public.order_messages enable row level security;
alter table public.order_events   enable row level security;
alter table public.mail_outbox    enable row level security;

do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname
    from pg_catalog.pg_policies
    where schemaname = 'public'
      and tablename in ('customers', 'orders', 'order_targets', 'order_quotes', 'order_files', 'order_messages', 'order_events',
                        'mail_outbox')
  loop
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
  end loop;
end
$$;

-- Whether the signed-in user is the interpreter assigned to an order. SECURITY DEFINER so that the policies of
-- order_targets and order_files can ask it without a policy on orders being evaluated inside theirs.
create or replace function private.is_assigned_interpreter(p_order_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.orders o where o.id = p_order_id and o.interpreter_id = (select auth.uid()));
$$;
revoke all on function private.is_assigned_interpreter(bigint) from public, anon;
grant execute on function private.is_assigned_interpreter(bigint) to authenticated;

create policy "orders: admins all, interpreters their assigned" on public.orders
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));
create policy "order_targets: admins all, interpreters their assigned" on public.order_targets
  for select to authenticated using ((select private.is_admin()) or private.is_assigned_interpreter(order_id));
create policy "order_files: admins all, interpreters their assigned" on public.order_files
  for select to authenticated using ((select private.is_admin()) or private.is_assigned_interpreter(order_id));
create policy "customers: admins read" on public.customers
  for select to authenticated using ((select private.is_admin()));
create policy "order_quotes: admins read" on public.order_quotes
  for select to authenticated using ((select private.is_admin()));
create policy "order_messages: admins read" on public.order_messages
  for select to authenticated using ((select private.is_admin()));
create policy "order_events: admins read" on public.order_events
  for select to authenticated using ((select private.is_admin()));

-- Privileges: reads for signed-in users (the policies above choose the rows); every write goes through the worker.
revoke all on table public.customers, public.orders, public.order_targets, public.order_quotes, public.order_files,
  public.order_messages, public.order_events from public, anon, authenticated;
grant select on table public.customers, public.order_targets, public.order_quotes, public.order_files,
  public.order_messages, public.order_events to authenticated;
-- An order row without its status link (the hash and the sealed copy) and the staff's internal note: an interpreter
-- reads their own job's row, and needs neither. (The worker reads every column with the service role.)
grant select (id, customer_id, service_id, service_title, source_language_id, source_language, deadline, details, locale,
  status, version, interpreter_id, cancel_reason, token_revoked_at, created_at, updated_at) on table public.orders to authenticated;
grant select, insert, update, delete on table public.customers, public.orders, public.order_targets, public.order_quotes,
  public.order_files, public.order_messages, public.order_events to service_role;

-- mail_outbox is the worker's: row-level security on, NO policy, and no privilege for the public keys at all
-- (Supabase's default privileges would otherwise give anon and authenticated every privilege on a new table).
revoke all on table public.mail_outbox from public, anon, authenticated;
grant select, insert, update, delete on table public.mail_outbox to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['customers', 'orders', 'order_files', 'order_messages', 'order_events', 'mail_outbox'] loop
    execute format('revoke all on sequence %s from public, anon, authenticated',
                   pg_catalog.pg_get_serial_sequence('public.' || t, 'id'));
  end loop;
end
$$;

-- The helpers below live in schema private (not exposed by the API); the functions of the API run as their caller
-- (the service role), who therefore needs to reach them.
grant usage on schema private to service_role;

-- ─── Helpers (schema private) ──────────────────────────────────────────────────────────────────────────────────

-- A search text as an ILIKE pattern that finds it anywhere: its own %, _ and \ match only themselves.
create or replace function private.push_like_pattern(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

-- The instant a day begins on the company's calendar (America/Denver: the company is in Wyoming), as
-- app/domain/orders.ts startOfCompanyDay: lists filtered "from" a day start there, "to" a day end there.
create or replace function private.push_company_day_start(p_day date)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select p_day::timestamp at time zone 'America/Denver';
$$;

-- An order as the lists show it, in the columns of app/backend/rows/order.server.ts OrderSummaryRow, with its target
-- languages' names in their order (`targets`). Null when there is no such order.
create or replace function private.push_order_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', o.id, 'status', o.status, 'version', o.version,
    'customer_id', o.customer_id, 'customer_name', c.name, 'customer_email', c.email, 'customer_company', c.company,
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

-- An order with everything its page shows (rows/order.server.ts OrderDetailRow): the summary's columns, the
-- customer's phone, the quote's dates, the note, the status link's state and sealed token, and its targets ({ language_id, language },
-- in order — replacing the summary's names), files, messages and history, oldest first. Null when there is no such order.
create or replace function private.push_order_detail(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_order_summary(o.id) || pg_catalog.jsonb_build_object(
    'customer_phone', c.phone, 'service_id', o.service_id, 'source_language_id', o.source_language_id,
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
  join public.customers c on c.id = o.customer_id
  left join public.order_quotes q on q.order_id = o.id
  where o.id = p_id;
$$;

-- A customer as the Customers page shows them (rows/order.server.ts CustomerRow): their number of orders, their last
-- order, and `accepted_value`, the quotes of the orders in which they accepted the price (accepted, in progress,
-- delivered, completed: domain/order-records.ts ACCEPTED_STATUSES) summed per currency. Null when there is none.
create or replace function private.push_customer_summary(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'company', c.company, 'created_at', c.created_at,
    'order_count', (select pg_catalog.count(*) from public.orders o where o.customer_id = c.id),
    'last_order_at', (select pg_catalog.max(o.created_at) from public.orders o where o.customer_id = c.id),
    'accepted_value', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('currency', v.currency, 'amount_minor', v.amount_minor) order by v.currency)
      from (
        select q.currency, pg_catalog.sum(q.amount_minor) as amount_minor
        from public.orders o join public.order_quotes q on q.order_id = o.id
        where o.customer_id = c.id and o.status in ('accepted', 'in_progress', 'delivered', 'completed')
        group by q.currency
      ) v), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

revoke all on function
  private.push_like_pattern(text), private.push_company_day_start(date), private.push_order_summary(bigint),
  private.push_order_detail(bigint), private.push_customer_summary(bigint)
  from public, anon, authenticated;
grant execute on function
  private.push_like_pattern(text), private.push_company_day_start(date), private.push_order_summary(bigint),
  private.push_order_detail(bigint), private.push_customer_summary(bigint)
  to service_role;

-- ─── The API: one call per change, and the reads the lists need (service role only) ────────────────────────────
-- SECURITY INVOKER (the default) on purpose, as the content studio's: they run as the service role that calls them
-- and can do nothing it could not do through the table API; they only make the steps one transaction. The empty
-- search_path makes every name in them explicit. Instants come and go as epoch milliseconds (p_now), stored as
-- timestamptz with to_timestamp(ms / 1000.0), which keeps every millisecond.

-- A visitor's quote request, all or nothing. Refused, storing nothing, with { ok: false, reason } when the service or
-- one of the languages does not exist ('unknown-service', 'unknown-language'); otherwise:
--   1. the customer, found by lower-cased e-mail or created (details typed later never overwrite those on file);
--   2. the order, status new, version 1, with the service's title and the languages' names kept beside their ids, and
--      the status link's token as its hash and its sealed copy;
--   3. its target languages in the order given, its source files (p_files: [{ object_key, file_name, content_type,
--      size }]) and the first history entry ('requested', by the customer).
-- Answers { ok: true, id }.
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
  p_now                 bigint
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
  v_order_id    bigint;
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

  -- 1. A request running at the same moment for the same e-mail waits on the unique index, then finds its row.
  insert into public.customers (name, email, phone, company, created_at)
  values (p_name, v_email, p_phone, p_company, v_now)
  on conflict (email) do nothing;
  select c.id into v_customer_id from public.customers c where c.email = v_email;

  -- 2.
  insert into public.orders (customer_id, service_id, service_title, source_language_id, source_language, deadline,
                             details, locale, token_hash, token_sealed, created_at, updated_at)
  values (v_customer_id, p_service_id, v_title, p_source_language_id, v_source, p_deadline,
          p_details, p_locale, p_token_hash, p_token_sealed, v_now, v_now)
  returning id into v_order_id;

  -- 3.
  insert into public.order_targets (order_id, language_id, language, position)
  select v_order_id, l.id, l.name, (t.n - 1)::integer
  from pg_catalog.unnest(p_target_language_ids) with ordinality as t (id, n)
  join public.languages l on l.id = t.id;

  insert into public.order_files (order_id, kind, object_key, file_name, content_type, size, created_at)
  select v_order_id, 'source', f.object_key, f.file_name, f.content_type, f.size, v_now
  from pg_catalog.jsonb_to_recordset(coalesce(p_files, '[]'::jsonb)) as f (object_key text, file_name text, content_type text, size bigint);

  insert into public.order_events (order_id, at, actor, action, to_status)
  values (v_order_id, v_now, 'customer', 'requested', 'new');

  return pg_catalog.jsonb_build_object('ok', true, 'id', v_order_id);
end;
$$;

-- One transition, as the route has checked it with domain/orders.ts checkTransition. Stored only if the order still
-- has version p_based_on AND status p_from (UPDATE … WHERE version = … AND status = …: a transition running at the same
-- moment waits for this one's row lock, then finds the version moved on). Only when it wins, in the same transaction:
-- the interpreter (p_interpreter_id) and the cancel reason on the order, the quote (p_quote: { amount_minor, currency,
-- due_date, valid_until }), the delivered files (p_delivery_files, uploaded by p_actor_id), and the history entry
-- with p_detail. Answers { ok: true, version } or { ok: false, reason: 'stale' | 'not-found' }.
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

  return pg_catalog.jsonb_build_object('ok', true, 'version', v_version);
end;
$$;

-- A message of the order's thread (the customer's, or staff's with their user id). false when there is no such order.
create or replace function public.push_add_order_message(p_id bigint, p_author text, p_author_id uuid, p_body text, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.order_messages (order_id, author, author_id, body, created_at)
  select o.id, p_author, p_author_id, p_body, pg_catalog.to_timestamp(p_now / 1000.0)
  from public.orders o where o.id = p_id;
  return found;
end;
$$;

-- The internal note (staff only), with a 'note' entry in the history by p_by. false when there is no such order.
create or replace function public.push_set_order_note(p_id bigint, p_note text, p_by uuid, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
begin
  update public.orders o set internal_note = p_note, updated_at = v_now where o.id = p_id;
  if not found then
    return false;
  end if;
  insert into public.order_events (order_id, at, actor, actor_id, action) values (p_id, v_now, 'staff', p_by, 'note');
  return true;
end;
$$;

-- Revokes the order's status link for good, with a 'link-revoked' entry in the history by p_by. false when there is
-- no such order or its link is revoked already (the first revocation, and its entry, stand).
create or replace function public.push_revoke_order_link(p_id bigint, p_by uuid, p_now bigint)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_now timestamptz := pg_catalog.to_timestamp(p_now / 1000.0);
begin
  update public.orders o set token_revoked_at = v_now, updated_at = v_now where o.id = p_id and o.token_revoked_at is null;
  if not found then
    return false;
  end if;
  insert into public.order_events (order_id, at, actor, actor_id, action) values (p_id, v_now, 'staff', p_by, 'link-revoked');
  return true;
end;
$$;

-- One order with everything its page shows (private.push_order_detail), or null.
create or replace function public.push_get_order(p_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_order_detail(p_id);
$$;

-- The order behind a status link (p_token_hash: the SHA-256 of its token, hex), or null when none has it or its link
-- was revoked.
create or replace function public.push_order_by_token(p_token_hash text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.push_order_detail(o.id) from public.orders o where o.token_hash = p_token_hash and o.token_revoked_at is null;
$$;

-- One page of the staff's order list, newest first (created_at, then id), and how many orders match in all:
-- { total, items: [summary…] }. Every filter is optional (null, or '' for p_search):
--   p_status, p_service_id; p_language_id as the source or any target; p_from / p_to: requested on or after / on or
--   before these days on the company's calendar; p_search in the customer's name or e-mail, or p_order_id, the order
--   number the search text names (domain/order-records.ts orderIdOf: PUSH-0042, #42, 42).
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
           or c.name ilike private.push_like_pattern(p_search)
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

-- One page of the customers (private.push_customer_summary), those with the latest orders first (then those without
-- any, by name), and how many match in all: { total, items }. p_search ('' for none) in name, e-mail or company.
create or replace function public.push_list_customers(p_search text, p_limit integer, p_offset integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with matching as (
    select c.id, c.name, (select pg_catalog.max(o.created_at) from public.orders o where o.customer_id = c.id) as last_order_at
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

-- A customer with all their orders, newest first: { customer, orders: [summary…] }, or null.
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
      from public.orders o where o.customer_id = c.id), '[]'::jsonb))
  from public.customers c
  where c.id = p_id;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC
-- has it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_create_order(text, text, text, text, bigint, bigint, bigint[], date, text, text, text, text, jsonb, bigint),
  public.push_transition_order(bigint, text, text, text, integer, text, uuid, jsonb, uuid, text, jsonb, jsonb, bigint),
  public.push_add_order_message(bigint, text, uuid, text, bigint),
  public.push_set_order_note(bigint, text, uuid, bigint),
  public.push_revoke_order_link(bigint, uuid, bigint),
  public.push_get_order(bigint),
  public.push_order_by_token(text),
  public.push_list_orders(text, bigint, text, bigint, bigint, date, date, integer, integer),
  public.push_list_customers(text, integer, integer),
  public.push_get_customer(bigint)
  from public, anon, authenticated;
grant execute on function
  public.push_create_order(text, text, text, text, bigint, bigint, bigint[], date, text, text, text, text, jsonb, bigint),
  public.push_transition_order(bigint, text, text, text, integer, text, uuid, jsonb, uuid, text, jsonb, jsonb, bigint),
  public.push_add_order_message(bigint, text, uuid, text, bigint),
  public.push_set_order_note(bigint, text, uuid, bigint),
  public.push_revoke_order_link(bigint, uuid, bigint),
  public.push_get_order(bigint),
  public.push_order_by_token(text),
  public.push_list_orders(text, bigint, text, bigint, bigint, date, date, integer, integer),
  public.push_list_customers(text, integer, integer),
  public.push_get_customer(bigint)
  to service_role;

-- Quote requests that become orders (issue 13, docs/decisions/0018). Re-runnable.
--
-- Who reaches what through the public API (the worker does everything else with the service role):
--   customers, order_quotes, order_messages, order_events   admins read; nobody else
--   orders, order_targets, order_files                      admins read; an interpreter reads the orders assigned
--                                                           to them, with their languages and files
--   anon                                                    nothing at all: customers reach their order through the
--                                                           worker, which checks the status link's token
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
  detail      text not null default ''
);
create index if not exists order_events_order_idx on public.order_events (order_id, at);

-- ─── Row-level security ────────────────────────────────────────────────────────────────────────────────────────

alter table public.customers      enable row level security;
alter table public.orders         enable row level security;
alter table public.order_targets  enable row level security;
alter table public.order_quotes   enable row level security;
alter table public.order_files    enable row level security;
alter table public.order_messages enable row level security;
alter table public.order_events   enable row level security;

do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname
    from pg_catalog.pg_policies
    where schemaname = 'public'
      and tablename in ('customers', 'orders', 'order_targets', 'order_quotes', 'order_files', 'order_messages', 'order_events')
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
grant select on table public.customers, public.orders, public.order_targets, public.order_quotes, public.order_files,
  public.order_messages, public.order_events to authenticated;
grant select, insert, update, delete on table public.customers, public.orders, public.order_targets, public.order_quotes,
  public.order_files, public.order_messages, public.order_events to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['customers', 'orders', 'order_files', 'order_messages', 'order_events'] loop
    execute format('revoke all on sequence %s from public, anon, authenticated',
                   pg_catalog.pg_get_serial_sequence('public.' || t, 'id'));
  end loop;
end
$$;

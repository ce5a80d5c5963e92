-- PUSH on Supabase, part 4: the content studio (docs/decisions/0015) — staff edit the company row, the about text
-- and the services in /Dashboard/Website. The D1 counterpart is migrations/0006_content_studio.sql.
--
--   * Every image slot keeps its alt text and its real pixel size beside the spec's file-name column; every record
--     has a version number (a save names the version it was based on, so an outdated form cannot overwrite a newer
--     save); services have a stored order (position). Existing rows keep working: NULL alt/size fall back to what the
--     pages showed before, every existing record starts at version 1, and the services keep their id order.
--   * content_versions keeps the last 20 saved states of each record: the worker's table (service role only).
--   * Writes to company, about and services are the worker's alone (the service role, after the route's admin
--     guard): a write through the table API would bypass the version check and the history, so the admin write
--     policies of part 2 are dropped here. Everyone still reads them (the public pages use the anon key).
--   * A save, and adding, removing or moving a service, is ONE call of a function below (supabase-js .rpc(), one
--     transaction), so the version check, the write and the history can never be torn apart by a failure or a
--     concurrent save. Only the service role may execute them.
--
-- SAFE ON AN EXISTING PROJECT, and re-runnable: columns and tables are added only when missing (nullable, or with a
-- default, so existing rows stay valid), positions are filled only where missing, policies are dropped only if they
-- exist, functions are replaced, and the grants and revokes leave the same privileges however often they run.
-- Nothing that holds data is dropped.

-- ─── New columns ───────────────────────────────────────────────────────────────────────────────────────────────

alter table public.company
  add column if not exists homecover_alt       text,
  add column if not exists homecover_width     integer,
  add column if not exists homecover_height    integer,
  add column if not exists contactcover_alt    text,
  add column if not exists contactcover_width  integer,
  add column if not exists contactcover_height integer,
  add column if not exists version             integer not null default 1;

alter table public.about
  add column if not exists photoa_alt    text,
  add column if not exists photoa_width  integer,
  add column if not exists photoa_height integer,
  add column if not exists photob_alt    text,
  add column if not exists photob_width  integer,
  add column if not exists photob_height integer,
  add column if not exists version       integer not null default 1;

alter table public.services
  add column if not exists photo_alt    text,
  add column if not exists photo_width  integer,
  add column if not exists photo_height integer,
  add column if not exists version      integer not null default 1,
  -- The public grid's order (ascending; NULL last, then by id). Nullable on purpose: a service added by hand in the
  -- table editor, without a position, still shows (last) instead of being refused.
  add column if not exists position     integer;

-- Existing services keep the order they had (by id).
update public.services set position = id where position is null;
create index if not exists services_position_idx on public.services (position, id);

-- ─── The kept versions ─────────────────────────────────────────────────────────────────────────────────────────

-- One row per saved state: `snapshot` is the record's fields as the app names them (domain/studio.ts: CompanyFields,
-- AboutFields, ServiceFields), `version` the record's version number after that save, `saved_by` the admin's e-mail
-- (NULL for a state from before the studio, kept when the first save replaces it). record_id has no foreign key:
-- it points into one of three tables; removing a service removes its versions (push_remove_service).
create table if not exists public.content_versions (
  id        bigint generated always as identity primary key,
  record    text not null constraint content_versions_record_check check (record in ('company', 'about', 'service')),
  record_id bigint not null,
  version   integer not null,
  snapshot  jsonb not null,
  saved_by  text,
  saved_at  timestamptz not null default now(),
  -- One state per version of a record; also the index of "a record's versions, newest first".
  constraint content_versions_record_version_key unique (record, record_id, version)
);

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

-- content_versions is the worker's: row-level security on, NO policy, and no privilege for the public keys at all
-- (Supabase's default privileges would otherwise give anon and authenticated every privilege on a new table).
alter table public.content_versions enable row level security;

do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname
    from pg_catalog.pg_policies
    where schemaname = 'public' and tablename = 'content_versions'
  loop
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
  end loop;
end
$$;

revoke all on table public.content_versions from public, anon, authenticated;
grant select, insert, update, delete on table public.content_versions to service_role;

do $$
begin
  execute format('revoke all on sequence %s from public, anon, authenticated',
                 pg_catalog.pg_get_serial_sequence('public.content_versions', 'id'));
end
$$;

-- company, about, services: anyone still reads ("… anyone reads" policies of part 2); nobody but the service role
-- writes. Without an insert/update/delete policy, row-level security refuses those to anon and authenticated alike.
drop policy if exists "company: admins insert" on public.company;
drop policy if exists "company: admins update" on public.company;
drop policy if exists "company: admins delete" on public.company;
drop policy if exists "about: admins insert" on public.about;
drop policy if exists "about: admins update" on public.about;
drop policy if exists "about: admins delete" on public.about;
drop policy if exists "services: admins insert" on public.services;
drop policy if exists "services: admins update" on public.services;
drop policy if exists "services: admins delete" on public.services;

-- The helpers below live in schema private (not exposed by the API); the functions of the API run as their caller
-- (the service role), who therefore needs to reach them.
grant usage on schema private to service_role;

-- ─── Helpers (schema private) ──────────────────────────────────────────────────────────────────────────────────

-- The columns a save writes for each record, in the spec's names (app/backend/rows/content.server.ts columnsOf): a
-- save must send exactly these, so a misspelt or missing column fails loudly instead of being ignored or nulled,
-- and id, version and position can never be written by a save.
create or replace function private.push_content_columns(p_record text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_record
    when 'company' then array[
      'title', 'description', 'address', 'email', 'phone', 'facebook', 'instegram', 'linkedin',
      'homecover', 'homecover_alt', 'homecover_width', 'homecover_height',
      'contactcover', 'contactcover_alt', 'contactcover_width', 'contactcover_height']
    when 'about' then array[
      'description',
      'photoaurl', 'photoa_alt', 'photoa_width', 'photoa_height',
      'photoburl', 'photob_alt', 'photob_width', 'photob_height']
    when 'service' then array['title', 'description', 'photourl', 'photo_alt', 'photo_width', 'photo_height']
  end;
$$;

-- Refuses an unknown record or a set of columns other than exactly the record's (errcode 22023: PostgREST answers 400).
create or replace function private.push_check_columns(p_record text, p_columns jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  wanted text[] := private.push_content_columns(p_record);
begin
  if wanted is null then
    raise exception 'unknown content record %', p_record using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(p_columns) is distinct from 'object'
     or (select pg_catalog.array_agg(k order by k) from pg_catalog.jsonb_object_keys(p_columns) k)
        is distinct from (select pg_catalog.array_agg(c order by c) from pg_catalog.unnest(wanted) c) then
    raise exception 'a % save takes exactly the columns %', p_record, pg_catalog.array_to_string(wanted, ', ')
      using errcode = '22023', detail = format('got %s', p_columns);
  end if;
end;
$$;

-- The file names a snapshot refers to: every image slot is an object { file, alt, width, height } at its top level.
create or replace function private.push_snapshot_files(p_snapshot jsonb)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select slot.value ->> 'file'
  from pg_catalog.jsonb_each(p_snapshot) as slot
  where pg_catalog.jsonb_typeof(slot.value) = 'object' and slot.value ->> 'file' is not null;
$$;

-- Of these file names, the ones no record and no kept version refers to any more (distinct, sorted): the files a
-- save or a removal leaves behind, which the worker then deletes from Storage. By name, whatever the folder, as the
-- D1 adapter checks.
create or replace function private.push_unreferenced(p_files text[])
returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct f.file order by f.file), '{}')
  from pg_catalog.unnest(p_files) as f (file)
  where f.file is not null
    and not exists (select 1 from public.company c where f.file in (c.homecover, c.contactcover))
    and not exists (select 1 from public.about a where f.file in (a.photoaurl, a.photoburl))
    and not exists (select 1 from public.services s where s.photourl = f.file)
    and not exists (
      select 1 from public.content_versions v
      where f.file in (select private.push_snapshot_files(v.snapshot))
    );
$$;

revoke all on function
  private.push_content_columns(text), private.push_check_columns(text, jsonb), private.push_snapshot_files(jsonb),
  private.push_unreferenced(text[])
  from public, anon, authenticated;
grant execute on function
  private.push_content_columns(text), private.push_check_columns(text, jsonb), private.push_snapshot_files(jsonb),
  private.push_unreferenced(text[])
  to service_role;

-- ─── The API: one call per studio change (service role only) ───────────────────────────────────────────────────
-- SECURITY INVOKER (the default) on purpose: they run as the service role that calls them and can do nothing it
-- could not do through the table API; they only make the steps one transaction. The empty search_path makes every
-- name in them explicit.

-- A save. The worker has read the record (version = p_based_on) and sends its new columns, its fields as the new
-- snapshot and the fields it replaces as p_before. In one transaction:
--   1. the conditional write: only if the record still has version p_based_on (UPDATE … WHERE version = …; a save
--      running at the same moment waits for this one's row lock and then finds the version moved on), version + 1;
--   2. the replaced state kept as version p_based_on if it has no version row yet (a state from before the studio;
--      saved_by NULL), the new state as version p_based_on + 1 (saved_by p_by);
--   3. versions beyond the newest 20 of the record dropped (domain/studio.ts VERSIONS_KEPT);
--   4. of the files the replaced state and the dropped versions refer to, the ones nothing refers to any more.
-- Answers { ok: true, version, pruned: [snapshot…], unreferenced: [file…] }, or { ok: false, current: row | null }
-- when the record moved on (current: the row as it is now) or is gone (null).
create or replace function public.push_save_content(
  p_record   text,
  p_id       bigint,
  p_columns  jsonb,
  p_based_on integer,
  p_snapshot jsonb,
  p_before   jsonb,
  p_by       text
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  tbl          text := case p_record when 'service' then 'services' else p_record end;
  wanted       text[];
  written      integer;
  current_row  jsonb;
  pruned       jsonb;
  unreferenced text[];
begin
  perform private.push_check_columns(p_record, p_columns);
  wanted := private.push_content_columns(p_record);

  -- 1. Every column of the record's list, typed by the table's own row type (jsonb_populate_record).
  execute format(
    'update public.%1$I t set (%2$s) = (select %3$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) r),
                                version = t.version + 1
      where t.id = $2 and t.version = $3',
    tbl,
    (select pg_catalog.string_agg(format('%I', c), ', ') from pg_catalog.unnest(wanted) c),
    (select pg_catalog.string_agg(format('r.%I', c), ', ') from pg_catalog.unnest(wanted) c)
  ) using p_columns, p_id, p_based_on;
  get diagnostics written = row_count;

  if written = 0 then
    execute format('select pg_catalog.to_jsonb(t) from public.%I t where t.id = $1', tbl) into current_row using p_id;
    return pg_catalog.jsonb_build_object('ok', false, 'current', current_row);
  end if;

  -- 2.
  insert into public.content_versions (record, record_id, version, snapshot, saved_by)
  values (p_record, p_id, p_based_on, p_before, null),
         (p_record, p_id, p_based_on + 1, p_snapshot, p_by)
  on conflict (record, record_id, version) do nothing;

  -- 3.
  with dropped as (
    delete from public.content_versions v
    where v.record = p_record and v.record_id = p_id
      and v.version not in (
        select k.version from public.content_versions k
        where k.record = p_record and k.record_id = p_id
        order by k.version desc
        limit 20)
    returning v.snapshot
  )
  select coalesce(pg_catalog.jsonb_agg(d.snapshot), '[]'::jsonb) into pruned from dropped d;

  -- 4.
  unreferenced := private.push_unreferenced(array(
    select private.push_snapshot_files(p_before)
    union all
    select private.push_snapshot_files(s.value) from pg_catalog.jsonb_array_elements(pruned) s
  ));

  return pg_catalog.jsonb_build_object('ok', true, 'version', p_based_on + 1, 'pruned', pruned, 'unreferenced', pg_catalog.to_jsonb(unreferenced));
end;
$$;

-- A new service, last in the order (position = the largest + 1), at version 1, its first state kept as version 1.
-- Changes of the order run one at a time (a transaction-scoped advisory lock, shared with push_move_service), so two
-- services added at once cannot be given the same position. Answers the new service's id.
create or replace function public.push_create_service(p_columns jsonb, p_snapshot jsonb, p_by text)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id bigint;
begin
  perform private.push_check_columns('service', p_columns);
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('push: services order'));

  -- A service added by hand without a position shows last (NULL sorts last) but would be ignored by max(position),
  -- and the new one would land before it: renumber the order 1..n first (no change when it is already clean).
  update public.services s
  set position = o.n
  from (select t.id, pg_catalog.row_number() over (order by t.position, t.id) as n from public.services t) o
  where s.id = o.id and s.position is distinct from o.n::integer;

  insert into public.services (title, description, photourl, photo_alt, photo_width, photo_height, position, version)
  select r.title, r.description, r.photourl, r.photo_alt, r.photo_width, r.photo_height,
         (select coalesce(max(s.position), 0) + 1 from public.services s), 1
  from pg_catalog.jsonb_populate_record(null::public.services, p_columns) r
  returning id into new_id;

  insert into public.content_versions (record, record_id, version, snapshot, saved_by)
  values ('service', new_id, 1, p_snapshot, p_by);
  return new_id;
end;
$$;

-- Removes a service and its kept versions (its history goes with it: docs/decisions/0015). Answers
-- { ok: true, row, versions: [snapshot…], unreferenced: [file…] } — the removed row, the removed snapshots and, of the
-- files they referred to, the ones nothing refers to any more — or { ok: false } when there is no such service.
create or replace function public.push_remove_service(p_id bigint)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  removed      jsonb;
  versions     jsonb;
  unreferenced text[];
begin
  delete from public.services s where s.id = p_id returning pg_catalog.to_jsonb(s) into removed;
  if removed is null then
    return pg_catalog.jsonb_build_object('ok', false);
  end if;

  with dropped as (
    delete from public.content_versions v where v.record = 'service' and v.record_id = p_id returning v.snapshot
  )
  select coalesce(pg_catalog.jsonb_agg(d.snapshot), '[]'::jsonb) into versions from dropped d;

  unreferenced := private.push_unreferenced(array(
    select removed ->> 'photourl'
    union all
    select private.push_snapshot_files(s.value) from pg_catalog.jsonb_array_elements(versions) s
  ));
  return pg_catalog.jsonb_build_object('ok', true, 'row', removed, 'versions', versions, 'unreferenced', pg_catalog.to_jsonb(unreferenced));
end;
$$;

-- Swaps a service with its neighbour above ('up') or below ('down') in the public order (position, then id) and
-- rewrites the positions 1..n: an order with gaps or ties (rows added by hand) becomes a clean one. Under the same
-- advisory lock as push_create_service, and the order is read after the lock is held, so two moves at once cannot
-- each undo the other. false when the service is already first/last, or gone.
create or replace function public.push_move_service(p_id bigint, p_direction text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  ids  bigint[];
  here integer;
  there integer;
begin
  if p_direction is null or p_direction not in ('up', 'down') then
    raise exception 'direction must be up or down, not %', p_direction using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('push: services order'));

  select pg_catalog.array_agg(s.id order by s.position, s.id) into ids from public.services s;
  here := pg_catalog.array_position(ids, p_id);
  if here is null then
    return false;
  end if;
  there := case p_direction when 'up' then here - 1 else here + 1 end;
  if there < 1 or there > pg_catalog.cardinality(ids) then
    return false;
  end if;
  ids[here] := ids[there];
  ids[there] := p_id;

  update public.services s
  set position = o.n
  from pg_catalog.unnest(ids) with ordinality as o (id, n)
  where s.id = o.id and s.position is distinct from o.n::integer;
  return true;
end;
$$;

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public (and PUBLIC
-- has it by default): take both away, so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_save_content(text, bigint, jsonb, integer, jsonb, jsonb, text),
  public.push_create_service(jsonb, jsonb, text),
  public.push_remove_service(bigint),
  public.push_move_service(bigint, text)
  from public, anon, authenticated;
grant execute on function
  public.push_save_content(text, bigint, jsonb, integer, jsonb, jsonb, text),
  public.push_create_service(jsonb, jsonb, text),
  public.push_remove_service(bigint),
  public.push_move_service(bigint, text)
  to service_role;

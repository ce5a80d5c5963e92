-- A service card can offer a live call (issue 24, item 6): an interpreting service shows "Talk to an interpreter",
-- which leads to /Call. Staff choose it per service in the content studio; existing services start without it.
-- The D1 counterpart is migrations/0016_service_offers_calls.sql. Re-runnable.
alter table public.services add column if not exists offers_calls boolean not null default false;

-- A save writes the new column with the record's others, in the same one transaction (the studio's functions take
-- their list of columns from here). Replacing the function keeps its owner and privileges.
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
      'contactcover', 'contactcover_alt', 'contactcover_width', 'contactcover_height', 'translations']
    when 'about' then array[
      'description',
      'photoaurl', 'photoa_alt', 'photoa_width', 'photoa_height',
      'photoburl', 'photob_alt', 'photob_width', 'photob_height', 'translations']
    when 'service' then array['title', 'description', 'photourl', 'photo_alt', 'photo_width', 'photo_height', 'translations', 'offers_calls']
  end;
$$;

-- A new service takes every column of the list (its translations and whether it offers a call too), last in the
-- order; otherwise as 20261124000000_push_content_studio.sql describes.
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

  update public.services s
  set position = o.n
  from (select t.id, pg_catalog.row_number() over (order by t.position, t.id) as n from public.services t) o
  where s.id = o.id and s.position is distinct from o.n::integer;

  insert into public.services (title, description, photourl, photo_alt, photo_width, photo_height, translations, offers_calls, position, version)
  select r.title, r.description, r.photourl, r.photo_alt, r.photo_width, r.photo_height, r.translations, r.offers_calls,
         (select coalesce(max(s.position), 0) + 1 from public.services s), 1
  from pg_catalog.jsonb_populate_record(null::public.services, p_columns) r
  returning id into new_id;

  insert into public.content_versions (record, record_id, version, snapshot, saved_by)
  values ('service', new_id, 1, p_snapshot, p_by);
  return new_id;
end;
$$;

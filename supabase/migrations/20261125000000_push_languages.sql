-- English and Arabic (issue 12). A contact message keeps the language of the page it was sent from, so staff
-- answer in it. (The dashboard language of each account is kept in Supabase Auth's user metadata: the account's
-- own session writes it, and the worker reads it with the verified user; no table is needed.)
alter table public.contact_messages
  add column if not exists locale text not null default 'en'
  constraint contact_messages_locale_check check (locale in ('en', 'ar'));

-- Content in more than one language (docs/decisions/0017): English stays in the spec's columns; each record's other
-- languages are one jsonb object, {"ar": {"title": "…", "description": "…"}}, so a third language needs no new column.
-- Re-runnable: columns are added only when missing, with a default that keeps existing rows valid.
alter table public.company add column if not exists translations jsonb not null default '{}'::jsonb;
alter table public.about add column if not exists translations jsonb not null default '{}'::jsonb;
alter table public.services add column if not exists translations jsonb not null default '{}'::jsonb;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'company_translations_object') then
    alter table public.company add constraint company_translations_object check (pg_catalog.jsonb_typeof(translations) = 'object');
  end if;
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'about_translations_object') then
    alter table public.about add constraint about_translations_object check (pg_catalog.jsonb_typeof(translations) = 'object');
  end if;
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'services_translations_object') then
    alter table public.services add constraint services_translations_object check (pg_catalog.jsonb_typeof(translations) = 'object');
  end if;
end $$;

-- A save writes the translations with the record's other columns, in the same one transaction (the studio's SQL
-- functions, 20261124000000_push_content_studio.sql, take their list of columns from here). Replacing the function
-- keeps its owner and privileges.
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
    when 'service' then array['title', 'description', 'photourl', 'photo_alt', 'photo_width', 'photo_height', 'translations']
  end;
$$;

-- The call log without foreign keys (issue 21; the D1 counterpart is migrations/0011_call_log_without_foreign_keys.sql).
-- A call is logged after it ends, and its language or interpreter may have been deleted by then: the foreign keys of
-- 20261127000000_push_call_log.sql refused that line (23503), and the switchboard, which retries the write, stopped.
-- A line keeps the names it was written with; its ids only say which rows still exist. Row-level security is
-- unchanged: an interpreter reads the lines whose interpreter_id is theirs. Re-runnable.

-- Every foreign key of call_log, whatever an earlier run or the project named it.
do $$
declare
  fk record;
begin
  for fk in
    select conname from pg_catalog.pg_constraint where conrelid = 'public.call_log'::regclass and contype = 'f'
  loop
    execute format('alter table public.call_log drop constraint %I', fk.conname);
  end loop;
end
$$;

-- What ON DELETE SET NULL did, without refusing a write: an id is kept only while its row exists (so a line of a
-- deleted interpreter is no longer theirs to read, as before). SECURITY DEFINER: a language is deleted by whoever
-- may delete it, and a users row by the cascade from auth.users; neither may write call_log. The empty search_path
-- makes every name explicit.

-- A line written after its language or interpreter was deleted is stored, with the ids that name nothing emptied.
create or replace function private.call_log_unknown_ids()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.language_id is not null and not exists (select 1 from public.languages l where l.id = new.language_id) then
    new.language_id := null;
  end if;
  if new.interpreter_id is not null and not exists (select 1 from public.users u where u.id = new.interpreter_id) then
    new.interpreter_id := null;
  end if;
  return new;
end;
$$;

-- A deleted language or users row: the lines that named it keep their names and lose the id.
create or replace function private.call_log_row_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'languages' then
    update public.call_log set language_id = null where language_id = old.id;
  else
    update public.call_log set interpreter_id = null where interpreter_id = old.id;
  end if;
  return null;
end;
$$;

revoke all on function private.call_log_unknown_ids() from public, anon, authenticated;
revoke all on function private.call_log_row_deleted() from public, anon, authenticated;

drop trigger if exists call_log_unknown_ids on public.call_log;
create trigger call_log_unknown_ids
  before insert or update of language_id, interpreter_id on public.call_log
  for each row
  execute function private.call_log_unknown_ids();

drop trigger if exists call_log_language_deleted on public.languages;
create trigger call_log_language_deleted
  after delete on public.languages
  for each row
  execute function private.call_log_row_deleted();

drop trigger if exists call_log_interpreter_deleted on public.users;
create trigger call_log_interpreter_deleted
  after delete on public.users
  for each row
  execute function private.call_log_row_deleted();

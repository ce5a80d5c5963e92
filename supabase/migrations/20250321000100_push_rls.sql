-- PUSH on Supabase, part 2 of 2: row-level security, policies and grants for the tables of part 1.
--
-- Who may do what (the browser holds the public anon key; the worker also holds the service-role key):
--   company, services, about, languages  anyone (anon, authenticated) reads; only admins insert/update/delete.
--   users                                a signed-in user reads their own row; admins read all and write;
--                                        a trigger lets only admins (and the service role) make anyone admin.
--   user_languages                       a signed-in user reads their own links; admins read all, insert, delete.
--   contact_messages                     nobody through the public API except admins (the staff inbox: read,
--                                        update, delete); the worker stores messages with the service role.
--   service_role                         bypasses row-level security (BYPASSRLS, as in every Supabase project).
-- "Admin" means: auth.uid() has a public.users row with role 'admin' (private.is_admin()).
--
-- SAFE ON AN EXISTING PROJECT, and re-runnable: every policy the tables already have (the original app's, or an
-- earlier run of this file) is dropped first, so afterwards the tables have exactly the policies below. Permissive
-- policies are OR-ed together, so keeping an old "allow all" policy would silently undo these.
--
-- Policies call auth.uid() and private.is_admin() as (select …), the init-plan form Supabase recommends: evaluated
-- once per statement instead of once per row.

-- ─── private: helpers the API does not expose ────────────────────────────────────────────────────────────────────

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
-- The policies run as the caller, so signed-in callers need to reach private.is_admin(); anon is never admin and
-- every policy that calls it is for `authenticated` only.
grant usage on schema private to authenticated;

-- Whether the signed-in caller is an admin. SECURITY DEFINER: it reads public.users as its owner, so it neither
-- depends on nor recurses into the users policies; the empty search_path makes every name in it explicit.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.users u
    where u.id = (select auth.uid())
      and u.role = 'admin'
  );
$$;
revoke all on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated;

-- Guards users.role independently of the policies: even a mistaken policy cannot let a non-admin make anyone
-- (themselves included) admin, or change anyone's role. Allowed callers:
--   * the service role: current_user = 'service_role' (PostgREST's SET ROLE for the service key), or a JWT whose
--     role claim is service_role when the statement does not run as an API role (anon/authenticated): a session
--     that runs as anon/authenticated but claims service_role is contradictory and refused;
--   * roles that bypass row-level security anyway: postgres running migrations, seed.sql or the SQL editor;
--   * an admin (authenticated, private.is_admin()).
-- SECURITY INVOKER on purpose: current_user must be the caller's role, not this function's owner.
create or replace function private.guard_users_role()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  claimed_role text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
begin
  if tg_op = 'UPDATE' and new.role is not distinct from old.role then
    return new;
  end if;
  if tg_op = 'INSERT' and new.role is distinct from 'admin' then
    return new;
  end if;

  if current_user = 'service_role' then
    return new;
  end if;
  if current_user not in ('anon', 'authenticated') then
    if claimed_role = 'service_role' then
      return new;
    end if;
    if (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user) then
      return new;
    end if;
  end if;
  if current_user = 'authenticated' then
    if (select private.is_admin()) then
      return new;
    end if;
  end if;

  raise exception 'only an admin can change a user''s role'
    using errcode = '42501',
          detail = format('users.role %s → %s refused for %s', case when tg_op = 'UPDATE' then old.role else '(new row)' end, new.role, current_user);
end;
$$;
revoke all on function private.guard_users_role() from public, anon, authenticated;

drop trigger if exists users_guard_role on public.users;
create trigger users_guard_role
  before insert or update of role on public.users
  for each row execute function private.guard_users_role();

-- ─── Row-level security ──────────────────────────────────────────────────────────────────────────────────────────

alter table public.company          enable row level security;
alter table public.services         enable row level security;
alter table public.about            enable row level security;
alter table public.users            enable row level security;
alter table public.languages        enable row level security;
alter table public.user_languages   enable row level security;
alter table public.contact_messages enable row level security;

do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname
    from pg_catalog.pg_policies
    where schemaname = 'public'
      and tablename in ('company', 'services', 'about', 'users', 'languages', 'user_languages', 'contact_messages')
  loop
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
  end loop;
end
$$;

-- company, services, about, languages: public content.

create policy "company: anyone reads" on public.company
  for select to anon, authenticated using (true);
create policy "company: admins insert" on public.company
  for insert to authenticated with check ((select private.is_admin()));
create policy "company: admins update" on public.company
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "company: admins delete" on public.company
  for delete to authenticated using ((select private.is_admin()));

create policy "services: anyone reads" on public.services
  for select to anon, authenticated using (true);
create policy "services: admins insert" on public.services
  for insert to authenticated with check ((select private.is_admin()));
create policy "services: admins update" on public.services
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "services: admins delete" on public.services
  for delete to authenticated using ((select private.is_admin()));

create policy "about: anyone reads" on public.about
  for select to anon, authenticated using (true);
create policy "about: admins insert" on public.about
  for insert to authenticated with check ((select private.is_admin()));
create policy "about: admins update" on public.about
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "about: admins delete" on public.about
  for delete to authenticated using ((select private.is_admin()));

create policy "languages: anyone reads" on public.languages
  for select to anon, authenticated using (true);
create policy "languages: admins insert" on public.languages
  for insert to authenticated with check ((select private.is_admin()));
create policy "languages: admins update" on public.languages
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "languages: admins delete" on public.languages
  for delete to authenticated using ((select private.is_admin()));

-- users: one select policy (own row, or every row for an admin) rather than two permissive ones.

create policy "users: own row, admins all" on public.users
  for select to authenticated using (id = (select auth.uid()) or (select private.is_admin()));
create policy "users: admins insert" on public.users
  for insert to authenticated with check ((select private.is_admin()));
create policy "users: admins update" on public.users
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "users: admins delete" on public.users
  for delete to authenticated using ((select private.is_admin()));

-- user_languages: links are added and removed, never edited (SPEC §7), so there is no update policy.

create policy "user_languages: own links, admins all" on public.user_languages
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "user_languages: admins insert" on public.user_languages
  for insert to authenticated with check ((select private.is_admin()));
create policy "user_languages: admins delete" on public.user_languages
  for delete to authenticated using ((select private.is_admin()));

-- contact_messages: the staff inbox. No insert policy: messages arrive through the worker (service role).

create policy "contact_messages: admins read" on public.contact_messages
  for select to authenticated using ((select private.is_admin()));
create policy "contact_messages: admins update" on public.contact_messages
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "contact_messages: admins delete" on public.contact_messages
  for delete to authenticated using ((select private.is_admin()));

-- ─── Grants, as in any Supabase project: the API roles get the table privileges, the policies decide ─────────────

grant usage on schema public to anon, authenticated, service_role;
grant select, insert, update, delete
  on table public.company, public.services, public.about, public.users, public.languages,
           public.user_languages, public.contact_messages
  to anon, authenticated, service_role;
-- Supabase's default privileges also give the API roles TRUNCATE, REFERENCES and TRIGGER on new tables.
-- TRUNCATE ignores row-level security, so take those away from the roles the public holds keys for.
revoke truncate, references, trigger
  on table public.company, public.services, public.about, public.users, public.languages,
           public.user_languages, public.contact_messages
  from anon, authenticated;
-- Identity columns draw from their sequences without a sequence privilege, so no sequence grants are needed.

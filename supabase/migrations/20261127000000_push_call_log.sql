-- Live interpreting calls (issue 14, docs/decisions/0021): each call once it is over. The switchboard (a Durable
-- Object) runs the call; the worker records it here with the service role. The D1 counterpart is
-- migrations/0010_call_log.sql: the same columns and checks; instants are timestamptz here, as in the orders' tables
-- (the adapter writes and filters them as ISO 8601 times in UTC). Re-runnable.
--
-- Who reaches it through the public API:
--   admins          read every row
--   an interpreter  reads the calls they answered (interpreter_id is their users id, which is their auth.uid())
--   anon            nothing (no privilege at all)
--   writes          the worker alone (service role): no insert, update or delete for anon or authenticated

create table if not exists public.call_log (
  -- The switchboard's id of the call: a call is logged once (the worker inserts with ON CONFLICT (id) DO NOTHING).
  id               text primary key,
  -- A language or person deleted later leaves the call as it was (its name is kept beside it).
  language_id      bigint references public.languages (id) on delete set null,
  language         text not null,
  type             text not null constraint call_log_type_check check (type in ('video', 'audio')),
  caller_name      text not null,
  interpreter_id   uuid references public.users (id) on delete set null,
  interpreter_name text,
  outcome          text not null constraint call_log_outcome_check check (outcome in ('answered', 'missed', 'cancelled', 'callback')),
  requested_at     timestamptz not null,
  answered_at      timestamptz,
  ended_at         timestamptz not null,
  constraint call_log_answered_check check (answered_at is null or (answered_at >= requested_at and ended_at >= answered_at)),
  constraint call_log_ended_check check (ended_at >= requested_at)
);
create index if not exists call_log_requested_idx on public.call_log (requested_at desc);
create index if not exists call_log_interpreter_idx on public.call_log (interpreter_id, requested_at desc);

-- ─── Row-level security ────────────────────────────────────────────────────────────────────────────────────────

alter table public.call_log enable row level security;

-- Exactly the policy below afterwards (an earlier run's, or any other, is dropped first: permissive policies OR).
do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname from pg_catalog.pg_policies where schemaname = 'public' and tablename = 'call_log'
  loop
    execute format('drop policy %I on %I.%I', p.policyname, p.schemaname, p.tablename);
  end loop;
end
$$;

create policy "call_log: admins all, interpreters their own" on public.call_log
  for select to authenticated using ((select private.is_admin()) or interpreter_id = (select auth.uid()));

-- Privileges: reads for signed-in users (the policy chooses the rows); every write goes through the worker.
-- (Supabase's default privileges would otherwise give anon and authenticated every privilege on a new table.)
revoke all on table public.call_log from public, anon, authenticated;
grant select on table public.call_log to authenticated;
grant select, insert, update, delete on table public.call_log to service_role;

-- Sending an issued invoice (issue 26, build item 3): its private link for the customer's page and PDF (/Invoice/<token>),
-- made the first time it is sent and kept for every later sending, and the e-mails about it in the outbox. An issued
-- invoice never changes, so what sending adds lives beside it. The token is stored only as its SHA-256, with a copy
-- sealed under the worker's secret for later e-mails (docs/decisions/0018, 0020). The same model as D1's
-- migrations/0026_invoice_links.sql. Re-runnable.
--
-- Who reaches what through the public API (the worker writes with the service role, after the route has checked that
-- an admin acts; a customer's page is served by the worker, which looks the link up by its hash):
--   invoice_links   admins read every row but the token's hash and sealed copy; nobody else reads any; nobody writes
--   mail_outbox     nobody, as before: an invoice's e-mails are linked to it (invoice_id)
--   anon            nothing at all

create table if not exists public.invoice_links (
  invoice_id   bigint primary key references public.invoices (id) on delete restrict,
  token_hash   text not null unique check (pg_catalog.length(token_hash) = 64 and token_hash !~ '[^0-9a-f]'),
  token_sealed text not null,
  -- The customer's language: the link's page and PDF, and the e-mails, are in it.
  locale       text not null check (locale in ('en', 'ar')),
  sent_at      timestamptz not null,
  sent_by      text not null,
  -- How many times it was e-mailed (the first included).
  sends        integer not null default 1 check (sends >= 1)
);

alter table public.mail_outbox add column if not exists invoice_id bigint references public.invoices (id) on delete set null;
create index if not exists mail_outbox_invoice_idx on public.mail_outbox (invoice_id, created_at);

-- ─── Only an issued invoice has a link, and a link's token never changes ───────────────────────────────────────

create or replace function private.invoice_links_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if (select i.status from public.invoices i where i.id = new.invoice_id) is distinct from 'issued' then
      raise exception 'only an issued invoice is sent';
    end if;
  elsif new.token_hash <> old.token_hash or new.token_sealed <> old.token_sealed or new.invoice_id <> old.invoice_id then
    raise exception 'an invoice link never changes';
  end if;
  return new;
end;
$$;
revoke all on function private.invoice_links_guard() from public, anon, authenticated;

drop trigger if exists invoice_links_guard on public.invoice_links;
create trigger invoice_links_guard
  before insert or update on public.invoice_links
  for each row
  execute function private.invoice_links_guard();

-- ─── Row-level security and privileges ─────────────────────────────────────────────────────────────────────────

alter table public.invoice_links enable row level security;

drop policy if exists "invoice_links: admins read" on public.invoice_links;
create policy "invoice_links: admins read" on public.invoice_links
  for select to authenticated using ((select private.is_admin()));

revoke all on table public.invoice_links from public, anon, authenticated;
-- Without the link itself (its hash and sealed copy): an admin sees that and when it was sent.
grant select (invoice_id, locale, sent_at, sent_by, sends) on table public.invoice_links to authenticated;
grant select, insert, update, delete on table public.invoice_links to service_role;

-- ─── The API (service role only) ───────────────────────────────────────────────────────────────────────────────

-- E-mails issued invoice p_id, by p_by at p_now: the first sending makes its link (p_hash, p_sealed), a later one keeps
-- the token and takes p_locale; p_mail ({ kind, to_email, subject, body }) is stored pending with it. Answers
-- { ok: true }, or { ok: false, reason: 'not-found' | 'draft' } storing nothing.
create or replace function public.push_send_invoice(
  p_id     bigint,
  p_hash   text,
  p_sealed text,
  p_locale text,
  p_mail   jsonb,
  p_by     text,
  p_now    bigint
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_status text;
begin
  select i.status into v_status from public.invoices i where i.id = p_id;
  if not found then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'not-found');
  elsif v_status <> 'issued' then
    return pg_catalog.jsonb_build_object('ok', false, 'reason', 'draft');
  end if;

  insert into public.invoice_links as l (invoice_id, token_hash, token_sealed, locale, sent_at, sent_by)
  values (p_id, p_hash, p_sealed, p_locale, pg_catalog.to_timestamp(p_now / 1000.0), p_by)
  on conflict (invoice_id) do update set locale = excluded.locale, sends = l.sends + 1;

  insert into public.mail_outbox (kind, to_email, subject, body, invoice_id, created_at, next_attempt_at)
  values (p_mail ->> 'kind', p_mail ->> 'to_email', p_mail ->> 'subject', p_mail ->> 'body', p_id, p_now, p_now);

  return pg_catalog.jsonb_build_object('ok', true);
end;
$$;

-- The invoice (as push_invoice answers it) whose link's token has SHA-256 p_hash, or null.
create or replace function public.push_invoice_by_link(p_hash text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.push_invoice(l.invoice_id) from public.invoice_links l where l.token_hash = p_hash;
$$;

-- push_invoice (the invoice with its link) and push_invoices_page (each invoice's first sending) are defined again, as
-- they now read, in 20261205000100_push_invoice_payments.sql.

-- Supabase's default privileges give anon and authenticated EXECUTE on every new function in public: take both away,
-- so only the worker's service-role key can call these through /rpc.
revoke all on function
  public.push_send_invoice(bigint, text, text, text, jsonb, text, bigint),
  public.push_invoice_by_link(text)
  from public, anon, authenticated;
grant execute on function
  public.push_send_invoice(bigint, text, text, text, jsonb, text, bigint),
  public.push_invoice_by_link(text)
  to service_role;

-- The payments for the accountant's export (issue 26, build item 6): read in the order recorded, a batch at a time,
-- each with its invoice's number and currency and its customer. The same read as D1's InvoiceStore.paymentsAfter.
-- Re-runnable.

-- Up to p_limit payments recorded after payment p_after (0: from the first), by id: a JSON array of the payment's
-- columns with invoice_number, currency, customer_name and customer_email.
create or replace function public.push_payments_after(p_after bigint, p_limit integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(
    pg_catalog.to_jsonb(p) || pg_catalog.jsonb_build_object(
      'invoice_number', i.number, 'currency', i.currency, 'customer_name', c.name, 'customer_email', c.email)
    order by p.id), '[]'::jsonb)
  from (
    select * from public.invoice_payments x where x.id > p_after order by x.id limit p_limit
  ) p
  join public.invoices i on i.id = p.invoice_id
  join public.customers c on c.id = i.customer_id;
$$;

revoke all on function public.push_payments_after(bigint, integer) from public, anon, authenticated;
grant execute on function public.push_payments_after(bigint, integer) to service_role;

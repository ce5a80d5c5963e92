-- A billing currency per customer (issue 26, build item 3: "a currency per customer (default USD)"): what "Bill work"
-- prices their appointments and calls in (rate lines in that currency) and what "New draft" drafts in. Orders keep
-- their accepted quote's own currency; interpreters are paid in the company's. Every customer who exists bills in USD
-- until an admin sets theirs on the customer's page. The same column as Supabase's
-- 20261205000900_push_customer_currency.sql.
ALTER TABLE customers ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD'
  CHECK (length(currency) = 3 AND currency NOT GLOB '*[^A-Z]*');

-- Calls that belong to a customer (issue 26, build item 2): a staff member's call link may name the customer the call
-- is billed to, and the call log keeps it. The same as Supabase's 20261205000400_push_call_customers.sql.
--
-- No foreign key, like the log's other ids (migrations/0011): a call is logged after it ends and its line is never
-- refused. Customers are never deleted (orders and invoices hold them), and billing reads a call's customer through
-- a join, so an id that named nobody would bill nobody.
ALTER TABLE call_log ADD COLUMN customer_id INTEGER;

-- What "Bill work" reads: a customer's answered calls, in the order they were answered.
CREATE INDEX call_log_billable ON call_log (answered_at, id) WHERE customer_id IS NOT NULL AND outcome = 'answered';

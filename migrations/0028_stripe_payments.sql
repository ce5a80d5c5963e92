-- Payments Stripe reports (issue 26, build item 5): each webhook event is recorded once, by its id, so an event
-- delivered twice or replayed changes nothing. A payment recorded by hand has none. The same model as Supabase's
-- 20261205000200_push_stripe_payments.sql.
ALTER TABLE invoice_payments ADD COLUMN stripe_event_id TEXT CHECK (stripe_event_id IS NULL OR length(stripe_event_id) BETWEEN 1 AND 255);
CREATE UNIQUE INDEX invoice_payments_stripe_event ON invoice_payments (stripe_event_id);

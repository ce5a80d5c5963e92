-- Payments of issued invoices (issue 26, build items 3 and 5): recorded by hand by staff (a bank transfer, a card
-- taken by phone, cash, a cheque) and, later, by Stripe's webhook, once per event. An invoice's payments never make it
-- more than paid: a payment over the open balance is refused in the same statement that stores it. A payment, once
-- recorded, never changes and never goes (it is money received). The same model as Supabase's
-- 20261205000100_push_invoice_payments.sql.
CREATE TABLE invoice_payments (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  paid_on      TEXT NOT NULL CHECK (paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  method       TEXT NOT NULL CHECK (method IN ('bank-transfer', 'card', 'cash', 'cheque', 'other')),
  reference    TEXT NOT NULL DEFAULT '' CHECK (length(reference) <= 200),
  recorded_by  TEXT NOT NULL,
  recorded_at  INTEGER NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id, id);

-- Only an issued invoice is paid.
CREATE TRIGGER invoice_payments_issued_only BEFORE INSERT ON invoice_payments
  WHEN (SELECT status FROM invoices WHERE id = NEW.invoice_id) IS NOT 'issued' BEGIN
  SELECT RAISE(ABORT, 'only an issued invoice is paid');
END;
CREATE TRIGGER invoice_payments_never_change BEFORE UPDATE ON invoice_payments BEGIN
  SELECT RAISE(ABORT, 'a payment never changes');
END;
CREATE TRIGGER invoice_payments_never_deleted BEFORE DELETE ON invoice_payments BEGIN
  SELECT RAISE(ABORT, 'a payment never changes');
END;

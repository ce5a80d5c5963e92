-- Invoices (issue 26, build items 2-3; docs/decisions/0037): billable items made once per piece of work, drafts that
-- gather a customer's unbilled items, and issued invoices numbered PUSH-<year>-<sequence> from a counter row per year in
-- the issuing transaction (never a gap, never twice). An issued invoice never changes. The same model as Supabase's
-- 20261204000100_push_invoices.sql.
CREATE TABLE invoice_counters (
  year INTEGER PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last INTEGER NOT NULL CHECK (last >= 1)
);

CREATE TABLE invoices (
  id             INTEGER PRIMARY KEY,
  customer_id    INTEGER NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  currency       TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
  period_from    TEXT NOT NULL CHECK (period_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  period_to      TEXT NOT NULL CHECK (period_to GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND period_to >= period_from),
  status         TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'issued')),
  version        INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  year           INTEGER,
  sequence       INTEGER CHECK (sequence >= 1),
  number         TEXT UNIQUE,
  tax_bp         INTEGER CHECK (tax_bp BETWEEN 0 AND 10000),
  subtotal_minor INTEGER CHECK (subtotal_minor >= 0),
  tax_minor      INTEGER CHECK (tax_minor >= 0),
  total_minor    INTEGER CHECK (total_minor = subtotal_minor + tax_minor),
  issued_at      INTEGER,
  issued_by      TEXT,
  created_by     TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  UNIQUE (year, sequence),
  -- A draft has no number and no totals; an issued invoice has all of them.
  CHECK ((status = 'draft' AND number IS NULL AND year IS NULL AND sequence IS NULL AND total_minor IS NULL AND issued_at IS NULL)
         OR (status = 'issued' AND number IS NOT NULL AND year IS NOT NULL AND sequence IS NOT NULL AND total_minor IS NOT NULL
             AND issued_at IS NOT NULL))
);
CREATE INDEX invoices_customer ON invoices (customer_id, id);

CREATE TABLE billable_items (
  id           INTEGER PRIMARY KEY,
  -- Where the work came from ("appointment:12", "call:<id>", "order:7"): an item is made once.
  source       TEXT NOT NULL UNIQUE,
  customer_id  INTEGER NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  work_day     TEXT NOT NULL CHECK (work_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  currency     TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
  amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
  -- The rate line it was priced with (kept as a number: the computation below is what the item says, whatever the line).
  rate_line_id INTEGER,
  computation  TEXT NOT NULL CHECK (json_valid(computation)),
  invoice_id   INTEGER REFERENCES invoices (id) ON DELETE SET NULL,
  created_at   INTEGER NOT NULL
);
-- A draft's query: a customer's unbilled items in a currency, by day.
CREATE INDEX billable_items_unbilled ON billable_items (customer_id, currency, work_day) WHERE invoice_id IS NULL;
CREATE INDEX billable_items_invoice ON billable_items (invoice_id, work_day, id);

-- An issued invoice never changes, and neither do its items: corrections are credit notes.
CREATE TRIGGER invoices_issued_never_change BEFORE UPDATE ON invoices WHEN OLD.status = 'issued' BEGIN
  SELECT RAISE(ABORT, 'an issued invoice never changes');
END;
CREATE TRIGGER invoices_issued_never_deleted BEFORE DELETE ON invoices WHEN OLD.status = 'issued' BEGIN
  SELECT RAISE(ABORT, 'an issued invoice never changes');
END;
CREATE TRIGGER billable_items_billed_never_change BEFORE UPDATE ON billable_items
  WHEN (SELECT status FROM invoices WHERE id = OLD.invoice_id) = 'issued' BEGIN
  SELECT RAISE(ABORT, 'an issued invoice never changes');
END;

-- Interpreters' pay (issue 26, build item 6; docs/decisions/0039): a pay item per piece of work (made once, keyed by its
-- source like a billable item), read as one statement per interpreter per month (the month of the item's day on the
-- company's calendar), and the payouts: each time an admin marks a statement paid, the items not paid yet are marked
-- with the payout, in the same batch. An item made after that is still to pay. The same model as Supabase's
-- 20261205000600_push_pay_statements.sql.
CREATE TABLE pay_payouts (
  id             INTEGER PRIMARY KEY,
  interpreter_id TEXT NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  month          TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  amount_minor   INTEGER NOT NULL CHECK (amount_minor >= 0),
  item_count     INTEGER NOT NULL CHECK (item_count >= 1),
  paid_by        TEXT NOT NULL,
  paid_at        INTEGER NOT NULL
);
CREATE INDEX pay_payouts_statement ON pay_payouts (interpreter_id, month, id);

CREATE TABLE pay_items (
  id             INTEGER PRIMARY KEY,
  -- Where the work came from ("appointment:12", "call:<id>", "order:7"): an item is made once.
  source         TEXT NOT NULL UNIQUE,
  -- Money owed is kept: an interpreter with pay items is not deleted (their account is locked instead).
  interpreter_id TEXT NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  work_day       TEXT NOT NULL CHECK (work_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  month          TEXT NOT NULL GENERATED ALWAYS AS (substr(work_day, 1, 7)) STORED,
  currency       TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
  amount_minor   INTEGER NOT NULL CHECK (amount_minor >= 0),
  -- The pay line it was priced with (kept as a number: the computation is what the item says, whatever the line).
  rate_line_id   INTEGER,
  computation    TEXT NOT NULL CHECK (json_valid(computation)),
  payout_id      INTEGER REFERENCES pay_payouts (id) ON DELETE RESTRICT,
  created_at     INTEGER NOT NULL
);
CREATE INDEX pay_items_statement ON pay_items (interpreter_id, month, work_day, id);
CREATE INDEX pay_items_month ON pay_items (month, interpreter_id);

-- Money paid never changes: an item's amount never changes, and once paid it stays paid.
CREATE TRIGGER pay_items_never_change BEFORE UPDATE ON pay_items
  WHEN OLD.payout_id IS NOT NULL OR NEW.amount_minor IS NOT OLD.amount_minor OR NEW.computation IS NOT OLD.computation
    OR NEW.interpreter_id IS NOT OLD.interpreter_id OR NEW.work_day IS NOT OLD.work_day OR NEW.source IS NOT OLD.source BEGIN
  SELECT RAISE(ABORT, 'a pay item never changes');
END;
CREATE TRIGGER pay_payouts_never_change BEFORE UPDATE ON pay_payouts BEGIN
  SELECT RAISE(ABORT, 'a payout never changes');
END;

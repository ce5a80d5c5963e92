-- Rate cards (issue 26, build item 1; docs/decisions/0035): customers' prices ("bill") and interpreters' pay ("pay"),
-- line by line, each from an effective date. A line is never changed once stored, since it may have priced work: a
-- new price is a new line (the trigger below refuses any update). The same model as Supabase's
-- 20261204000000_push_rate_lines.sql.
CREATE TABLE rate_lines (
  id                      INTEGER PRIMARY KEY,
  side                    TEXT NOT NULL CHECK (side IN ('bill', 'pay')),
  service                 TEXT NOT NULL CHECK (service IN ('translation', 'onsite', 'remote', 'call')),
  -- The units each kind of work is priced in (UNITS_OF in app/domain/pricing.ts).
  unit                    TEXT NOT NULL CHECK (
    (service = 'translation' AND unit IN ('word', 'page', 'flat')) OR (service = 'onsite' AND unit = 'hour')
    OR (service = 'remote' AND unit IN ('minute', 'hour')) OR (service = 'call' AND unit = 'minute')),
  -- NULL: any language; the list price (no customer); the default pay (no interpreter).
  language_id             INTEGER REFERENCES languages (id) ON DELETE CASCADE,
  customer_id             INTEGER REFERENCES customers (id) ON DELETE CASCADE,
  interpreter_id          TEXT REFERENCES users (id) ON DELETE CASCADE,
  currency                TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
  -- Minor units per unit; minutes (time units) or words and pages; surcharges in basis points (2500 = 25 %).
  price_minor             INTEGER NOT NULL CHECK (price_minor > 0),
  minimum                 INTEGER NOT NULL CHECK (minimum >= 0),
  increment               INTEGER NOT NULL CHECK (increment >= 1),
  rush_bp                 INTEGER NOT NULL DEFAULT 0 CHECK (rush_bp BETWEEN 0 AND 50000),
  after_hours_bp          INTEGER NOT NULL DEFAULT 0 CHECK (after_hours_bp BETWEEN 0 AND 50000),
  weekend_bp              INTEGER NOT NULL DEFAULT 0 CHECK (weekend_bp BETWEEN 0 AND 50000),
  holiday_bp              INTEGER NOT NULL DEFAULT 0 CHECK (holiday_bp BETWEEN 0 AND 50000),
  late_cancellation_minor INTEGER NOT NULL DEFAULT 0 CHECK (late_cancellation_minor >= 0),
  effective_from          TEXT NOT NULL CHECK (effective_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  created_by              TEXT NOT NULL,
  created_at              INTEGER NOT NULL,
  -- A customer's price is a bill line; an interpreter's rate a pay line.
  CHECK (customer_id IS NULL OR side = 'bill'),
  CHECK (interpreter_id IS NULL OR side = 'pay')
);
-- The Rates page: one side's lines, the latest effective date first.
CREATE INDEX rate_lines_list ON rate_lines (side, effective_from DESC, id DESC);
-- The cascades from a customer or an interpreter.
CREATE INDEX rate_lines_customer ON rate_lines (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX rate_lines_interpreter ON rate_lines (interpreter_id) WHERE interpreter_id IS NOT NULL;

CREATE TRIGGER rate_lines_never_change BEFORE UPDATE ON rate_lines BEGIN
  SELECT RAISE(ABORT, 'rate lines never change: add a new line');
END;

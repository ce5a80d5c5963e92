-- Credit notes (issue 26, build item 3): an issued invoice never changes, so a correction is a credit note that
-- references it and takes an amount off what it asks (docs/decisions/0037). Credit notes are numbered PUSH-CN-<year>-
-- <sequence> from a counter row per year, in the statement that stores them: never a gap, never twice. A credit note
-- never takes an invoice below nothing: its amount is at most what is neither paid nor credited yet, checked in the
-- same write (and a payment's check subtracts what was credited). Once issued it never changes. The same model as
-- Supabase's 20261205000700_push_credit_notes.sql.
CREATE TABLE credit_note_counters (
  year INTEGER PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last INTEGER NOT NULL CHECK (last >= 1)
);

CREATE TABLE credit_notes (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  year         INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  sequence     INTEGER NOT NULL CHECK (sequence >= 1),
  number       TEXT NOT NULL UNIQUE,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  reason       TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  created_by   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  UNIQUE (year, sequence)
);
CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, id);

CREATE TRIGGER credit_notes_issued_only BEFORE INSERT ON credit_notes
  WHEN (SELECT status FROM invoices WHERE id = NEW.invoice_id) IS NOT 'issued' BEGIN
  SELECT RAISE(ABORT, 'only an issued invoice is credited');
END;
CREATE TRIGGER credit_notes_never_change BEFORE UPDATE ON credit_notes BEGIN
  SELECT RAISE(ABORT, 'a credit note never changes');
END;
CREATE TRIGGER credit_notes_never_deleted BEFORE DELETE ON credit_notes BEGIN
  SELECT RAISE(ABORT, 'a credit note never changes');
END;

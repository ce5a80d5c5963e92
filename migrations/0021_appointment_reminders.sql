-- Reminders of a confirmed appointment (issue 25): 24 hours and 1 hour before, to the customer and the interpreter. One
-- row per (appointment, kind) — the row and its e-mails are written together, once, however late or often the cron
-- runs (the same model as Supabase's 20261203000200_push_appointment_reminders.sql).
CREATE TABLE appointment_reminders (
  appointment_id INTEGER NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  kind           TEXT NOT NULL CHECK (kind IN ('day', 'hour')),
  sent_at        INTEGER NOT NULL,
  -- The write that made the row: its e-mails are stored only with it.
  change_id      TEXT NOT NULL,
  PRIMARY KEY (appointment_id, kind)
) WITHOUT ROWID;
-- The cron's question, "which confirmed appointments start within the next day?", is served by appointments_status_starts.

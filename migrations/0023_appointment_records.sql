-- What happened at a confirmed appointment (issue 25, "After the appointment"): the interpreter records the actual
-- start and end (and the travel minutes of on-site work), or a no-show, the customer's or their own; staff approve it
-- as it is or corrected, which completes the appointment. The approved record is what billing reads. The same model as
-- Supabase's 20261203000400_push_appointment_records.sql.
CREATE TABLE appointment_records (
  appointment_id INTEGER PRIMARY KEY REFERENCES appointments (id) ON DELETE CASCADE,
  -- Instants (epoch ms); both NULL for a no-show.
  actual_start   INTEGER,
  actual_end     INTEGER,
  travel_minutes INTEGER NOT NULL DEFAULT 0 CHECK (travel_minutes BETWEEN 0 AND 600),
  no_show        TEXT CHECK (no_show IN ('customer', 'interpreter')),
  recorded_by    TEXT NOT NULL,
  recorded_at    INTEGER NOT NULL,
  approved_by    TEXT,
  approved_at    INTEGER,
  -- Times, the end after the start (a NULL end would pass a bare `actual_end > actual_start`), or a no-show without any.
  CHECK ((no_show IS NULL AND actual_start IS NOT NULL AND actual_end IS NOT NULL AND actual_end > actual_start)
         OR (no_show IS NOT NULL AND actual_start IS NULL AND actual_end IS NULL)),
  CHECK (actual_end IS NULL OR actual_end - actual_start <= 24 * 3600000)
) WITHOUT ROWID;

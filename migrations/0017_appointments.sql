-- Booked appointments (issue 25, docs/decisions/0030): the same model as Supabase's
-- 20261202000000_push_appointments.sql. Instants are epoch milliseconds (UTC); the company's zone turns them into
-- wall-clock times for people. A private link's token is stored only as its SHA-256 (hex), as orders keep theirs.

CREATE TABLE appointments (
  id                  INTEGER PRIMARY KEY,
  -- The customer found (by lower-cased e-mail) or created; the booking keeps the contact details as typed.
  customer_id         INTEGER NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  contact_name        TEXT NOT NULL,
  contact_email       TEXT NOT NULL,
  contact_phone       TEXT NOT NULL DEFAULT '',
  organisation        TEXT NOT NULL DEFAULT '',
  -- A language deleted later leaves the appointment as it was booked (its name is kept beside it).
  language_id         INTEGER REFERENCES languages (id) ON DELETE SET NULL,
  language            TEXT NOT NULL,
  mode                TEXT NOT NULL CHECK (mode IN ('on_site', 'video', 'phone')),
  setting             TEXT NOT NULL CHECK (setting IN ('medical', 'legal', 'education', 'business', 'community', 'other')),
  starts_at           INTEGER NOT NULL,
  minutes             INTEGER NOT NULL CHECK (minutes BETWEEN 30 AND 480 AND minutes % 15 = 0),
  -- The span it takes from its interpreter: [blocked_from, blocked_to), the travel buffer around on-site work.
  blocked_from        INTEGER NOT NULL,
  blocked_to          INTEGER NOT NULL,
  address             TEXT NOT NULL DEFAULT '',
  call_number         TEXT NOT NULL DEFAULT '',
  notes               TEXT NOT NULL DEFAULT '',
  gender_preference   TEXT CHECK (gender_preference IN ('female', 'male')),
  locale              TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ar')),
  status              TEXT NOT NULL DEFAULT 'requested'
                      CHECK (status IN ('requested', 'offered', 'confirmed', 'completed', 'cancelled')),
  -- Every change adds one: a change names the version its page showed (compare-and-set).
  version             INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  interpreter_id      TEXT REFERENCES users (id) ON DELETE SET NULL,
  cancel_reason       TEXT NOT NULL DEFAULT '',
  cancelled_at        INTEGER,
  cancelled_by        TEXT CHECK (cancelled_by IN ('customer', 'staff')),
  token_hash          TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  token_sealed        TEXT,
  -- A random id written by each change: the rows a change adds in the same batch are inserted only where the
  -- appointment carries that change's id, so a change that lost its compare-and-set adds nothing.
  last_change         TEXT,
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL,
  CHECK (blocked_from <= starts_at AND blocked_to >= starts_at + minutes * 60000)
);
CREATE INDEX appointments_starts ON appointments (starts_at);
CREATE INDEX appointments_status_starts ON appointments (status, starts_at);
CREATE INDEX appointments_customer ON appointments (customer_id);
-- What the no-double-booking check reads: an interpreter's confirmed spans.
CREATE INDEX appointments_interpreter_blocked ON appointments (interpreter_id, blocked_from) WHERE status = 'confirmed';

-- One interpreter, no overlapping confirmed appointments, whatever statement writes (docs/decisions/0030): SQLite has
-- no exclusion constraint, so these triggers refuse the row before it is written. The app's confirming UPDATE checks
-- the same thing in its own WHERE clause; the triggers are what refuse a write that bypasses it.
CREATE TRIGGER appointments_no_double_booking_insert
BEFORE INSERT ON appointments
WHEN NEW.status = 'confirmed' AND EXISTS (
  SELECT 1 FROM appointments a
  WHERE a.interpreter_id = NEW.interpreter_id AND a.status = 'confirmed' AND a.blocked_from < NEW.blocked_to AND NEW.blocked_from < a.blocked_to
)
BEGIN
  SELECT RAISE(ABORT, 'appointments_no_double_booking: the interpreter has a confirmed appointment at an overlapping time');
END;

CREATE TRIGGER appointments_no_double_booking_update
BEFORE UPDATE OF status, interpreter_id, blocked_from, blocked_to ON appointments
WHEN NEW.status = 'confirmed' AND EXISTS (
  SELECT 1 FROM appointments a
  WHERE a.id <> NEW.id AND a.interpreter_id = NEW.interpreter_id AND a.status = 'confirmed'
    AND a.blocked_from < NEW.blocked_to AND NEW.blocked_from < a.blocked_to
)
BEGIN
  SELECT RAISE(ABORT, 'appointments_no_double_booking: the interpreter has a confirmed appointment at an overlapping time');
END;

-- The e-mails about an appointment go through the same outbox as the orders' (so they survive an outage).
ALTER TABLE mail_outbox ADD COLUMN appointment_id INTEGER REFERENCES appointments (id) ON DELETE SET NULL;
CREATE INDEX mail_outbox_appointment ON mail_outbox (appointment_id, created_at);

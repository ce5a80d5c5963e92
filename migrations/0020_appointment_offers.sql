-- Offers of an appointment to interpreters (issue 25; docs/decisions/0030): the same model as Supabase's
-- 20261203000100_push_appointment_offers.sql. The first accept wins: the confirming UPDATE of appointments is
-- conditional on the appointment still being 'offered' (SQLite runs one write at a time, so a second accept finds it
-- confirmed), and the no-double-booking triggers of 0017 refuse any write that would overlap the interpreter's work.

CREATE TABLE appointment_offers (
  id             INTEGER PRIMARY KEY,
  appointment_id INTEGER NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
  interpreter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'taken')),
  offered_at     INTEGER NOT NULL,
  expires_at     INTEGER NOT NULL,
  responded_at   INTEGER,
  UNIQUE (appointment_id, interpreter_id)
);
-- My jobs: an interpreter's offers.
CREATE INDEX appointment_offers_interpreter ON appointment_offers (interpreter_id, status);
-- However it is written, an appointment has at most one accepted offer.
CREATE UNIQUE INDEX appointment_offers_one_accepted ON appointment_offers (appointment_id) WHERE status = 'accepted';

-- An appointment flagged unfilled at its offers' deadline: one row, so its staff e-mail is written once, however
-- often (or late) the cron runs. change_id names the write that flagged it: its e-mails are stored only with it.
CREATE TABLE unfilled_notices (
  appointment_id INTEGER PRIMARY KEY REFERENCES appointments (id) ON DELETE CASCADE,
  noticed_at     INTEGER NOT NULL,
  change_id      TEXT NOT NULL
);
-- The cron's question: which offered appointments have no open offer left?
CREATE INDEX appointment_offers_open ON appointment_offers (appointment_id, expires_at) WHERE status = 'open';

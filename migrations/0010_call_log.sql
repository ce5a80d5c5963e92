-- Live interpreting calls (issue 14, docs/decisions/0021): each call once it is over. The switchboard (a Durable
-- Object) runs the call; this is its record. Instants are epoch ms, like the rest of this database.
CREATE TABLE call_log (
  -- The switchboard's id of the call: a call is logged once.
  id               TEXT PRIMARY KEY,
  language_id      INTEGER REFERENCES languages (id) ON DELETE SET NULL,
  language         TEXT NOT NULL,
  type             TEXT NOT NULL CHECK (type IN ('video', 'audio')),
  caller_name      TEXT NOT NULL,
  interpreter_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
  interpreter_name TEXT,
  outcome          TEXT NOT NULL CHECK (outcome IN ('answered', 'missed', 'cancelled', 'callback')),
  requested_at     INTEGER NOT NULL,
  answered_at      INTEGER,
  ended_at         INTEGER NOT NULL,
  CHECK (answered_at IS NULL OR (answered_at >= requested_at AND ended_at >= answered_at)),
  CHECK (ended_at >= requested_at)
);
CREATE INDEX call_log_requested ON call_log (requested_at DESC);
CREATE INDEX call_log_interpreter ON call_log (interpreter_id, requested_at DESC);

-- Preferred and blocked interpreters (issue 27, docs/decisions/0041): each organisation's stance on an interpreter,
-- set by staff, and an organisation admin's requests for a preference, which staff accept or decline. The
-- interpreter is never told either. The offers' candidates (availability) and the switchboard read the stances in
-- the query that chooses whom to offer or ring. The same model as Supabase's
-- 20261205001300_push_interpreter_preferences.sql.
CREATE TABLE interpreter_stances (
  organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  interpreter_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stance          TEXT NOT NULL CHECK (stance IN ('preferred', 'blocked')),
  -- The staff account that set it; kept as text like the other "by" columns (it outlives the account).
  set_by          TEXT NOT NULL,
  set_at          INTEGER NOT NULL,
  -- One stance per pair: setting another replaces it.
  PRIMARY KEY (organisation_id, interpreter_id)
) WITHOUT ROWID;
-- Removing an interpreter deletes their stances: found by this index, not by reading every organisation's.
CREATE INDEX interpreter_stances_interpreter ON interpreter_stances (interpreter_id);

CREATE TABLE preference_requests (
  id              INTEGER PRIMARY KEY,
  organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  interpreter_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The requester (an organisation admin's account): their request goes with their account.
  requested_by    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  note            TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  created_at      INTEGER NOT NULL,
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  answered_by     TEXT,
  answered_at     INTEGER
);
-- At most one pending request per pair; staff's list of pending ones reads this index.
CREATE UNIQUE INDEX preference_requests_pending ON preference_requests (organisation_id, interpreter_id) WHERE status = 'pending';

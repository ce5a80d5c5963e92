-- Ratings (issue 27, build item 4; docs/decisions/0040): a requester's score (1 to 5) and optional comment of an
-- appointment or an answered call of their organisation, one per item and rater, editable for 7 days after it was
-- first given (created_at). The organisation is the item's customer's (customers.organisation_id), never copied here.
-- The same model as Supabase's 20261205001400_push_ratings.sql.
CREATE TABLE ratings (
  id             INTEGER PRIMARY KEY,
  appointment_id INTEGER REFERENCES appointments (id) ON DELETE CASCADE,
  -- No foreign key, like the call log's own ids (migrations/0011): call_log is rebuilt, never deleted from.
  call_id        TEXT,
  -- The requester's account; their rating goes with it.
  rater_id       TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- Whose work was rated, as the item named them when it was first rated: the interpreter's page and their own average
  -- read ratings by it through an index rather than joining both kinds of item.
  interpreter_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  score          INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
  comment        TEXT NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL CHECK (updated_at >= created_at),
  CHECK ((appointment_id IS NULL) <> (call_id IS NULL))
);
CREATE UNIQUE INDEX ratings_appointment_rater ON ratings (appointment_id, rater_id) WHERE appointment_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_call_rater ON ratings (call_id, rater_id) WHERE call_id IS NOT NULL;
CREATE INDEX ratings_interpreter ON ratings (interpreter_id, updated_at DESC, id);
-- The staff overview's low ratings, newest first.
CREATE INDEX ratings_low ON ratings (updated_at DESC, id) WHERE score <= 2;

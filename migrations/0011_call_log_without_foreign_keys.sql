-- The call log without foreign keys (issue 21): a call is logged after it ends, and its language or interpreter may
-- have been deleted by then. The foreign keys of 0010 refused that line (FOREIGN KEY constraint failed), which
-- stopped the switchboard. A line keeps the names it was written with; its ids only say which rows still exist.
--
-- SQLite cannot drop a constraint, so the table is made again with the same columns and CHECKs, the rows copied and
-- the indexes recreated. D1 runs migrations with foreign keys enforced (PRAGMA foreign_keys cannot be turned off
-- inside its transaction; PRAGMA defer_foreign_keys is what D1 offers instead). Neither is needed here: no table
-- refers to call_log, so dropping it checks nothing, and the copied rows refer to nothing any more.
CREATE TABLE call_log_next (
  -- The switchboard's id of the call: a call is logged once.
  id               TEXT PRIMARY KEY,
  language_id      INTEGER,
  language         TEXT NOT NULL,
  type             TEXT NOT NULL CHECK (type IN ('video', 'audio')),
  caller_name      TEXT NOT NULL,
  interpreter_id   TEXT,
  interpreter_name TEXT,
  outcome          TEXT NOT NULL CHECK (outcome IN ('answered', 'missed', 'cancelled', 'callback')),
  requested_at     INTEGER NOT NULL,
  answered_at      INTEGER,
  ended_at         INTEGER NOT NULL,
  CHECK (answered_at IS NULL OR (answered_at >= requested_at AND ended_at >= answered_at)),
  CHECK (ended_at >= requested_at)
);
INSERT INTO call_log_next (id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome, requested_at, answered_at, ended_at)
  SELECT id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome, requested_at, answered_at, ended_at FROM call_log;
DROP TABLE call_log;
ALTER TABLE call_log_next RENAME TO call_log;
CREATE INDEX call_log_requested ON call_log (requested_at DESC);
CREATE INDEX call_log_interpreter ON call_log (interpreter_id, requested_at DESC);

-- What ON DELETE SET NULL did, without refusing a write: an id is kept only while its row exists. This matters for
-- languages: their INTEGER PRIMARY KEY has no AUTOINCREMENT, so a language added after the newest one was deleted
-- takes its id, and would otherwise inherit its calls in the log's language filter.
CREATE TRIGGER call_log_language_deleted AFTER DELETE ON languages
BEGIN
  UPDATE call_log SET language_id = NULL WHERE language_id = OLD.id;
END;
CREATE TRIGGER call_log_interpreter_deleted AFTER DELETE ON users
BEGIN
  UPDATE call_log SET interpreter_id = NULL WHERE interpreter_id = OLD.id;
END;
-- A line written after its language or interpreter was deleted is stored, with the ids that name nothing emptied.
CREATE TRIGGER call_log_unknown_ids AFTER INSERT ON call_log
WHEN (NEW.language_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM languages WHERE id = NEW.language_id))
  OR (NEW.interpreter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.interpreter_id))
BEGIN
  UPDATE call_log
  SET language_id = (SELECT id FROM languages WHERE id = NEW.language_id),
      interpreter_id = (SELECT id FROM users WHERE id = NEW.interpreter_id)
  WHERE id = NEW.id;
END;

-- The call log's totals without reading every call (issue 23; docs/decisions/0025, 0026).
--
-- Calls, answered calls and talk time per hour, kept by a trigger as each call is logged (a logged call never changes;
-- a second log of the same call is ignored before it is inserted). The log's date filters are whole days on the
-- company's calendar, and a day there starts on a whole hour, so the hours of a period add up to exactly its calls.
CREATE TABLE call_log_hours (
  hour     INTEGER PRIMARY KEY,
  calls    INTEGER NOT NULL,
  answered INTEGER NOT NULL,
  talk_ms  INTEGER NOT NULL
);
INSERT INTO call_log_hours (hour, calls, answered, talk_ms)
  SELECT requested_at - requested_at % 3600000, COUNT(*), SUM(outcome = 'answered'),
         SUM(CASE WHEN outcome = 'answered' THEN ended_at - answered_at ELSE 0 END)
  FROM call_log GROUP BY requested_at - requested_at % 3600000;
CREATE TRIGGER call_log_hours_count AFTER INSERT ON call_log BEGIN
  INSERT INTO call_log_hours (hour, calls, answered, talk_ms)
  VALUES (NEW.requested_at - NEW.requested_at % 3600000, 1, NEW.outcome = 'answered',
          CASE WHEN NEW.outcome = 'answered' THEN NEW.ended_at - NEW.answered_at ELSE 0 END)
  ON CONFLICT (hour) DO UPDATE SET calls = calls + excluded.calls, answered = answered + excluded.answered,
                                   talk_ms = talk_ms + excluded.talk_ms;
END;

-- With a language or an interpreter in the filter the totals are counted, from an index that holds every column
-- they read; the median wait reads the answered calls' waits in order from an index of its own.
CREATE INDEX call_log_totals ON call_log (requested_at, outcome, answered_at, ended_at, language_id, interpreter_id);
CREATE INDEX call_log_waits ON call_log (answered_at - requested_at, requested_at, language_id, interpreter_id) WHERE outcome = 'answered';

-- Interpreters' availability and credentials (issue 25): the same model as Supabase's
-- 20261203000000_push_availability.sql. Hours are wall-clock minutes in the company's zone, days its calendar dates
-- ('YYYY-MM-DD', which sort as text): "Monday 09:00 to 17:00" stays that, summer and winter.

CREATE TABLE working_hours (
  user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- ISO weekday: Monday 1 ... Sunday 7.
  weekday      INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_minute INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute   INTEGER NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
  CHECK (start_minute < end_minute),
  PRIMARY KEY (user_id, weekday, start_minute)
) WITHOUT ROWID;

CREATE TABLE time_off (
  id         INTEGER PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_day  TEXT NOT NULL CHECK (first_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  last_day   TEXT NOT NULL CHECK (last_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  note       TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  CHECK (first_day <= last_day)
);
CREATE INDEX time_off_user ON time_off (user_id, first_day);

CREATE TABLE credentials (
  id         INTEGER PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- Valid through this day; NULL: does not expire.
  expires_on TEXT CHECK (expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at INTEGER NOT NULL
);
CREATE INDEX credentials_user ON credentials (user_id);
-- The admins' "expiring within 30 days" list.
CREATE INDEX credentials_expiring ON credentials (expires_on) WHERE expires_on IS NOT NULL;

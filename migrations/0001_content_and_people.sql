-- Schema of the spec's entities, with the spec's own column names (Gender, account_type, instegram,
-- photoaurl, ...) so the data maps one to one onto the company's existing Supabase tables.
-- D1 always enforces foreign keys.

CREATE TABLE company (
  id           INTEGER PRIMARY KEY,
  title        TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  homecover    TEXT,
  address      TEXT NOT NULL DEFAULT '',
  email        TEXT NOT NULL DEFAULT '',
  phone        TEXT,
  linkedin     TEXT,
  facebook     TEXT,
  instegram    TEXT,
  contactcover TEXT
);

CREATE TABLE services (
  id          INTEGER PRIMARY KEY,
  title       TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  photourl    TEXT
);

CREATE TABLE about (
  id          INTEGER PRIMARY KEY,
  description TEXT NOT NULL DEFAULT '',
  photoaurl   TEXT,
  photoburl   TEXT
);

-- Sign-in accounts of the D1 adapter (Supabase keeps these in auth.users). users.id equals accounts.id.
CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>"; anything else can never match a password.
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE users (
  id           TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  full_name    TEXT NOT NULL,
  email        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  phone        TEXT NOT NULL DEFAULT '',
  "Gender"     TEXT NOT NULL DEFAULT '',
  account_type TEXT,
  role         TEXT NOT NULL DEFAULT 'interpreter' CHECK (role IN ('admin', 'interpreter')),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE languages (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
);

CREATE TABLE user_languages (
  id          INTEGER PRIMARY KEY,
  user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  language_id INTEGER NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
  UNIQUE (user_id, language_id)
);
CREATE INDEX user_languages_language_id ON user_languages (language_id);

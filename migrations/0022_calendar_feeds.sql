-- An interpreter's private calendar subscription (issue 25): one feed per person, its token kept only as a SHA-256
-- (hex), as private links are. A new feed replaces the old one (its URL stops working); revoking deletes the row, so
-- the URL answers 404. The same model as Supabase's 20261203000300_push_calendar_feeds.sql.
CREATE TABLE calendar_feeds (
  user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  issued_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- Sessions also end after 8 hours without use (ASVS 7.3.1), on top of the absolute 7 days from sign-in
-- (docs/decisions/0012). Existing sessions count as last used when they were created.
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;

-- Account administration and the security log (issue 10; docs/decisions/0013). Times are epoch milliseconds.

-- Set while an administrator has locked the account: it cannot sign in, and locking deleted its sessions.
ALTER TABLE accounts ADD COLUMN locked_at INTEGER;
ALTER TABLE accounts ADD COLUMN last_sign_in_at INTEGER;

-- What "Your sessions" shows of each session: the browser's user agent and the client address at sign-in.
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN address TEXT;

-- Who did what, when, from where. No password, token or cookie is ever stored here. Kept 90 days (the cron
-- deletes older rows). `account` is the email an event is about, which may have no account (a failed sign-in).
CREATE TABLE security_events (
  id         INTEGER PRIMARY KEY,
  at         INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  account    TEXT COLLATE NOCASE,
  actor      TEXT,
  address    TEXT,
  user_agent TEXT,
  detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX security_events_at ON security_events (at);
CREATE INDEX security_events_account_at ON security_events (account, at);

-- Sign-in sessions and password-reset tokens of the D1 adapter. Neither table stores a usable secret:
-- both keep the SHA-256 of the random value the browser (cookie) or the e-mail (link) holds.
-- Times are Unix epoch milliseconds.

CREATE TABLE sessions (
  id_hash    TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account_id ON sessions (account_id);

CREATE TABLE password_reset_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set once, by the one request that uses the token (a random id, so two racing requests can tell who won).
  used_by    TEXT,
  used_at    INTEGER
);
CREATE INDEX password_reset_tokens_account_id ON password_reset_tokens (account_id);

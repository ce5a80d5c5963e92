-- Customer accounts (issue 27, docs/decisions/0040): organisations, the people who sign in for them (requesters) and
-- the invitations that make those accounts. What an organisation owns is what its customers own: orders,
-- appointments, invoices, call-log lines and ratings are reached through customers.organisation_id, never copied onto
-- each row. The same model as Supabase's 20261205001000_push_customer_accounts.sql.
CREATE TABLE organisations (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) BETWEEN 1 AND 200),
  created_at INTEGER NOT NULL
);

-- A walk-in customer belongs to none. Removing an organisation leaves its customers (and their work) as walk-ins.
ALTER TABLE customers ADD COLUMN organisation_id INTEGER REFERENCES organisations (id) ON DELETE SET NULL;
CREATE INDEX customers_organisation ON customers (organisation_id, id) WHERE organisation_id IS NOT NULL;

-- A requester: a sign-in account with this row and no users row (it is not staff). Their e-mail is the account's;
-- their customers row (same e-mail, joined to the organisation when the account is made) is what they request as.
CREATE TABLE customer_people (
  account_id      TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  full_name       TEXT NOT NULL CHECK (length(trim(full_name)) BETWEEN 1 AND 200),
  -- An organisation's admin invites and removes colleagues.
  is_admin        INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  created_at      INTEGER NOT NULL
);
CREATE INDEX customer_people_organisation ON customer_people (organisation_id, full_name, account_id);

-- An invitation link: only the SHA-256 (hex) of its token is kept. Valid 7 days, used once (used_at).
CREATE TABLE customer_invitations (
  token_hash      TEXT PRIMARY KEY,
  organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email           TEXT NOT NULL CHECK (email = lower(email)),
  full_name       TEXT NOT NULL,
  is_admin        INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  -- The account (staff or the organisation's admin) who invited; kept as text like the other "by" columns.
  invited_by      TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  used_at         INTEGER
);
CREATE INDEX customer_invitations_organisation ON customer_invitations (organisation_id, created_at DESC);
CREATE INDEX customer_invitations_email ON customer_invitations (email, created_at DESC);

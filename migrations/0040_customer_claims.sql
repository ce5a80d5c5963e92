-- Joining by a status link (issue 27, docs/decisions/0042): a customer who holds an order's or an appointment's
-- private link asks for an account; a link goes to the e-mail on their customers row, and only opening it (proving
-- that mailbox) makes the account, a new organisation and joins the customer's work to it. A claim keeps only the
-- SHA-256 (hex) of its token, is valid 7 days and is used once, as invitations are (0034). The same table as
-- Supabase's 20261205001600_push_customer_claims.sql.
CREATE TABLE customer_claims (
  token_hash  TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX customer_claims_customer ON customer_claims (customer_id, created_at DESC);

-- E-mails about orders (issue 13, docs/decisions/0020): stored before they are relayed to the mail provider, with
-- the contact outbox's claim and retry columns, so a mail outage delays them and never loses one.
CREATE TABLE mail_outbox (
  id              INTEGER PRIMARY KEY,
  kind            TEXT NOT NULL,
  to_email        TEXT NOT NULL,
  subject         TEXT NOT NULL,
  body            TEXT NOT NULL,
  order_id        INTEGER REFERENCES orders (id) ON DELETE SET NULL,
  created_at      INTEGER NOT NULL,
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  claim_id        TEXT,
  claimed_until   INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_order ON mail_outbox (order_id, created_at);

-- The contact form's outbox: every accepted message is stored before it is relayed to the mail
-- provider, so a message is never lost when e-mail fails. Times are Unix epoch milliseconds.
CREATE TABLE contact_messages (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL,
  email           TEXT NOT NULL,
  subject         TEXT NOT NULL,
  message         TEXT NOT NULL,
  received_at     INTEGER NOT NULL,
  -- pending: waiting to be relayed (again); sent: the provider accepted it; failed: given up, needs a person.
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  read_at         INTEGER,
  -- A relay run claims a message before sending it; an unexpired claim keeps other runs away from it.
  claim_id        TEXT,
  claimed_until   INTEGER
);
CREATE INDEX contact_messages_due ON contact_messages (status, next_attempt_at);
CREATE INDEX contact_messages_received ON contact_messages (received_at);

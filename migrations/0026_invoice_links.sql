-- Sending an issued invoice (issue 26, build item 3): its private link for the customer's page and PDF (/Invoice/<token>),
-- made the first time it is sent and kept for every later sending, and the e-mails about it in the outbox. An issued
-- invoice never changes, so what sending adds lives beside it: the link's row says it was sent, and when first. The
-- token is stored only as its SHA-256, with a copy sealed under the worker's secret for later e-mails, as orders keep
-- theirs (docs/decisions/0018, 0020). The same model as Supabase's 20261205000000_push_invoice_links.sql.
CREATE TABLE invoice_links (
  invoice_id   INTEGER PRIMARY KEY REFERENCES invoices (id) ON DELETE RESTRICT,
  token_hash   TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  token_sealed TEXT NOT NULL,
  -- The customer's language: the link's page and PDF, and the e-mails, are in it.
  locale       TEXT NOT NULL CHECK (locale IN ('en', 'ar')),
  sent_at      INTEGER NOT NULL,
  sent_by      TEXT NOT NULL,
  -- How many times it was e-mailed (the first included).
  sends        INTEGER NOT NULL DEFAULT 1 CHECK (sends >= 1)
);

-- Only an issued invoice has a link: a draft is not the customer's to see.
CREATE TRIGGER invoice_links_issued_only BEFORE INSERT ON invoice_links
  WHEN (SELECT status FROM invoices WHERE id = NEW.invoice_id) IS NOT 'issued' BEGIN
  SELECT RAISE(ABORT, 'only an issued invoice is sent');
END;
-- The link stays what the customer was given: its token never changes.
CREATE TRIGGER invoice_links_token_kept BEFORE UPDATE OF token_hash, token_sealed, invoice_id ON invoice_links BEGIN
  SELECT RAISE(ABORT, 'an invoice link never changes');
END;

ALTER TABLE mail_outbox ADD COLUMN invoice_id INTEGER REFERENCES invoices (id) ON DELETE SET NULL;
CREATE INDEX mail_outbox_invoice ON mail_outbox (invoice_id, created_at);

-- The language of each billable item, for the reports' revenue by language (issue 26, build item 7; docs/decisions/
-- 0038). Null when the work has none (an order is billed at its quote, whatever its languages). Kept as a number, as
-- rate_line_id is: a language deleted later must not rewrite an issued invoice's items (the trigger below refuses any
-- change to them), so there is no foreign key; the report names a language it no longer finds "Other/none". The same
-- change as Supabase's 20261205000500_push_billable_item_languages.sql.
ALTER TABLE billable_items ADD COLUMN language_id INTEGER;

-- The items made before: their language from their source, the appointment's or the call's. Filling in a column that
-- did not exist changes no figure of an issued invoice, so the guard is lifted for this one statement and put back.
DROP TRIGGER billable_items_billed_never_change;
UPDATE billable_items SET language_id = (
  SELECT a.language_id FROM appointments a WHERE a.id = CAST(substr(billable_items.source, 13) AS INTEGER)
) WHERE source LIKE 'appointment:%';
UPDATE billable_items SET language_id = (
  SELECT l.language_id FROM call_log l WHERE l.id = substr(billable_items.source, 6)
) WHERE source LIKE 'call:%';
CREATE TRIGGER billable_items_billed_never_change BEFORE UPDATE ON billable_items
  WHEN (SELECT status FROM invoices WHERE id = OLD.invoice_id) = 'issued' BEGIN
  SELECT RAISE(ABORT, 'an issued invoice never changes');
END;

-- The reports read a period's items by their day (then keep those of issued invoices).
CREATE INDEX billable_items_work_day ON billable_items (work_day, invoice_id);

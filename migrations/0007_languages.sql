-- English and Arabic (issue 12). The dashboard's language is each account's own choice; a contact message keeps the
-- language of the page it was sent from, so staff answer in it.
ALTER TABLE accounts ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ar'));
ALTER TABLE contact_messages ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ar'));

-- Content in more than one language (docs/decisions/0017): English stays in the spec's columns; each record's other
-- languages are one JSON object, {"ar": {"title": "…", "description": "…"}}, so a third language needs no new column.
ALTER TABLE company ADD COLUMN translations TEXT NOT NULL DEFAULT '{}';
ALTER TABLE about ADD COLUMN translations TEXT NOT NULL DEFAULT '{}';
ALTER TABLE services ADD COLUMN translations TEXT NOT NULL DEFAULT '{}';

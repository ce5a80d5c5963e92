-- The content studio (docs/decisions/0015): every image slot keeps its alt text and its real pixel size beside the
-- spec's file-name column; every record has a version number (a save names the version it was based on, so an
-- outdated form cannot overwrite a newer save); services have a stored order; content_versions keeps the last 20
-- saved states of each record. Existing rows keep working: NULL alt/size fall back to what the pages showed before.

ALTER TABLE company ADD COLUMN homecover_alt TEXT;
ALTER TABLE company ADD COLUMN homecover_width INTEGER;
ALTER TABLE company ADD COLUMN homecover_height INTEGER;
ALTER TABLE company ADD COLUMN contactcover_alt TEXT;
ALTER TABLE company ADD COLUMN contactcover_width INTEGER;
ALTER TABLE company ADD COLUMN contactcover_height INTEGER;
ALTER TABLE company ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

ALTER TABLE about ADD COLUMN photoa_alt TEXT;
ALTER TABLE about ADD COLUMN photoa_width INTEGER;
ALTER TABLE about ADD COLUMN photoa_height INTEGER;
ALTER TABLE about ADD COLUMN photob_alt TEXT;
ALTER TABLE about ADD COLUMN photob_width INTEGER;
ALTER TABLE about ADD COLUMN photob_height INTEGER;
ALTER TABLE about ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

ALTER TABLE services ADD COLUMN photo_alt TEXT;
ALTER TABLE services ADD COLUMN photo_width INTEGER;
ALTER TABLE services ADD COLUMN photo_height INTEGER;
ALTER TABLE services ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- The public grid's order; existing services keep the order they had (by id).
ALTER TABLE services ADD COLUMN position INTEGER;
UPDATE services SET position = id;
CREATE INDEX services_position ON services (position, id);

-- One row per saved state: `snapshot` is the record's fields as JSON (the app's own names), `version` the record's
-- version number after that save. Kept: the newest 20 per record.
CREATE TABLE content_versions (
  id        INTEGER PRIMARY KEY,
  record    TEXT NOT NULL CHECK (record IN ('company', 'about', 'service')),
  record_id INTEGER NOT NULL,
  version   INTEGER NOT NULL,
  snapshot  TEXT NOT NULL,
  saved_by  TEXT,
  saved_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (record, record_id, version)
);

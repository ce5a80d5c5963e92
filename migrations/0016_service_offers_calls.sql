-- A service card can offer a live call (issue 24, item 6): an interpreting service shows "Talk to an interpreter",
-- which leads to /Call. Staff choose it per service in the content studio; existing services start without it.
ALTER TABLE services ADD COLUMN offers_calls INTEGER NOT NULL DEFAULT 0 CHECK (offers_calls IN (0, 1));

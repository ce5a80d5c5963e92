-- Indexes the dashboard's lists read in their own order, so no page sorts or scans a growing table (issue 23; the
-- query-plan test, tests/integration/query-plans.test.ts, holds them to it):
-- the inbox's unread messages (and the unread count on every dashboard page), its failed ones, newest first;
CREATE INDEX contact_messages_unread ON contact_messages (received_at, id) WHERE read_at IS NULL;
CREATE INDEX contact_messages_status_received ON contact_messages (status, received_at, id);
-- the order list, newest first (its count reads this index too);
CREATE INDEX orders_created ON orders (created_at, id);
-- an interpreter's jobs, newest first (the index on interpreter_id alone is replaced).
CREATE INDEX orders_interpreter_created ON orders (interpreter_id, created_at, id);
DROP INDEX orders_interpreter;

-- The inbox's views and the unread count on every dashboard page read these instead of the whole table (issue 23):
-- the unread messages and the failed ones, each newest first.
CREATE INDEX contact_messages_unread ON contact_messages (received_at, id) WHERE read_at IS NULL;
CREATE INDEX contact_messages_failed ON contact_messages (received_at, id) WHERE status = 'failed';

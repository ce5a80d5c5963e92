-- The inbox's views and the unread count on every dashboard page read these instead of the whole table (issue 23;
-- D1: migrations/0013_inbox_indexes.sql): the unread messages and the failed ones, each newest first. Safe to run again.
create index if not exists contact_messages_unread_idx on public.contact_messages (received_at, id) where read_at is null;
create index if not exists contact_messages_failed_idx on public.contact_messages (received_at, id) where status = 'failed';

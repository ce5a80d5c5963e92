-- Indexes the dashboard's lists read in their own order, so no page sorts or scans a growing table (issue 23; D1:
-- migrations/0013_list_indexes.sql): the inbox's unread messages (and the unread count on every dashboard page), its
-- failed ones, newest first; the order list, newest first; an interpreter's jobs, newest first (replacing the index on
-- interpreter_id alone).
-- Safe to run again.
create index if not exists contact_messages_unread_idx on public.contact_messages (received_at, id) where read_at is null;
create index if not exists contact_messages_status_received_idx on public.contact_messages (status, received_at, id);
create index if not exists orders_created_idx on public.orders (created_at, id);
create index if not exists orders_interpreter_created_idx on public.orders (interpreter_id, created_at, id);
drop index if exists public.orders_interpreter_idx;

-- The staff's views of appointments (issue 25): one interpreter's appointments by start, for the list's and the
-- calendar's interpreter filter (the same index as Supabase's 20261202000100_push_appointment_lists.sql).
CREATE INDEX appointments_interpreter_starts ON appointments (interpreter_id, starts_at);

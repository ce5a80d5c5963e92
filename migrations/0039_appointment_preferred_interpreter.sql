-- "The same interpreter as last time" on a booking (issue 27, docs/decisions/0041 "As built"): the interpreter a
-- signed-in requester asked for, one of their organisation's past interpreters. The candidates' query marks them
-- preferred for this appointment alone, so the window after booking offers it to them first. Removing the interpreter
-- leaves the booking without a choice. The same column as Supabase's
-- 20261205001500_push_appointment_preferred_interpreter.sql.
ALTER TABLE appointments ADD COLUMN preferred_interpreter_id TEXT REFERENCES users (id) ON DELETE SET NULL;
-- Removing an interpreter clears their choices: found by this index, not by reading every appointment.
CREATE INDEX appointments_preferred_interpreter ON appointments (preferred_interpreter_id) WHERE preferred_interpreter_id IS NOT NULL;

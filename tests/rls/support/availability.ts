// Interpreters' availability on real Postgres (supabase/migrations/20261203000000_push_availability.sql): the rows the
// tests start from, written as the superuser after the usual fixtures (support/fixtures.ts), and the functions called
// as the worker calls them.
import type { Transaction } from "@electric-sql/pglite";
import { INTERPRETER_ID, OTHER_INTERPRETER_ID } from "./fixtures";
import { call } from "./orders";

// The interpreter: Monday 09:00–12:00 and 13:00–17:00, Friday all day; time off #1 (near) and #2 (far); credentials #1
// (expires) and #2 (for good). The other interpreter: Tuesday 10:00–15:00; time off #3; credential #3. The admin: none.
export const AVAILABILITY_FIXTURES = `
  insert into public.working_hours (user_id, weekday, start_minute, end_minute) values
    ('${INTERPRETER_ID}', 1, 540, 720), ('${INTERPRETER_ID}', 1, 780, 1020), ('${INTERPRETER_ID}', 5, 0, 1440),
    ('${OTHER_INTERPRETER_ID}', 2, 600, 900);
  insert into public.time_off (id, user_id, first_day, last_day, note) overriding system value values
    (1, '${INTERPRETER_ID}', '2034-03-06', '2034-03-07', 'Near'),
    (2, '${INTERPRETER_ID}', '2034-06-01', '2034-06-02', 'Far'),
    (3, '${OTHER_INTERPRETER_ID}', '2034-03-06', '2034-03-06', '');
  insert into public.credentials (id, user_id, name, expires_on) overriding system value values
    (1, '${INTERPRETER_ID}', 'Court certified', '2034-04-01'),
    (2, '${INTERPRETER_ID}', 'Medical (CCHI)', null),
    (3, '${OTHER_INTERPRETER_ID}', 'Court certified', '2034-03-20');
  select setval(pg_get_serial_sequence('public.time_off', 'id'), 3);
  select setval(pg_get_serial_sequence('public.credentials', 'id'), 3);
`;

export type AvailabilityJson = {
  hours: { weekday: number; start_minute: number; end_minute: number }[];
  time_off: { id: number; first_day: string; last_day: string; note: string }[];
  credentials: { id: number; name: string; expires_on: string | null }[];
};

/** public.push_availability_of */
export const availabilityOf = (tx: Transaction, userId: string) => call<AvailabilityJson | null>(tx, "public.push_availability_of($1)", [userId]);

/** public.push_set_working_hours with [{ weekday, start_minute, end_minute }] */
export const setHours = (tx: Transaction, userId: string, hours: [number, number, number][]) =>
  call<boolean>(tx, "public.push_set_working_hours($1, $2)", [
    userId,
    JSON.stringify(hours.map(([weekday, start_minute, end_minute]) => ({ weekday, start_minute, end_minute }))),
  ]);

// Rows of appointment_records (both databases keep the same columns: D1 its instants as epoch ms, Postgres as
// timestamptz, which the functions answer in JSON), mapped to the app's type once for both adapters.
import type { AppointmentRecord, NoShow } from "~/domain/appointment-records";
import { instant, int } from "./order.server";

export type RecordRow = {
  appointment_id: number | string;
  actual_start: number | string | null;
  actual_end: number | string | null;
  travel_minutes: number | string;
  no_show: NoShow | null;
  recorded_by: string;
  recorded_at: number | string;
  approved_by: string | null;
  approved_at: number | string | null;
};

export const toRecord = (row: RecordRow): AppointmentRecord => {
  const common = {
    appointmentId: int(row.appointment_id),
    travelMinutes: int(row.travel_minutes),
    recordedBy: row.recorded_by,
    recordedAt: instant(row.recorded_at),
    approvedBy: row.approved_by,
    approvedAt: row.approved_at === null ? null : instant(row.approved_at),
  };
  // The tables' CHECK: times, or a no-show without any.
  return row.no_show
    ? { ...common, actualStart: null, actualEnd: null, noShow: row.no_show }
    : { ...common, actualStart: instant(row.actual_start), actualEnd: instant(row.actual_end), noShow: null };
};

// After a confirmed appointment (issue 25): what the interpreter records — the actual start and end, the travel minutes
// of on-site work — or a no-show (the customer's or their own); staff approve it, as it is or corrected, which
// completes the appointment. The approved record is what billing reads.

export const NO_SHOWS = ["customer", "interpreter"] as const;
export type NoShow = (typeof NO_SHOWS)[number];

/** What was recorded: times as instants, or a no-show with none. */
export type AttendanceEntry =
  | { actualStart: number; actualEnd: number; travelMinutes: number; noShow: null }
  | { actualStart: null; actualEnd: null; travelMinutes: number; noShow: NoShow };

export type AppointmentRecord = AttendanceEntry & {
  appointmentId: number;
  recordedBy: string;
  recordedAt: number;
  approvedBy: string | null;
  approvedAt: number | null;
};

/** The most travel a record takes, in minutes (both ways, a long day's drive). */
export const MAX_TRAVEL_MINUTES = 600;
/** The longest an appointment can have lasted. */
export const MAX_ACTUAL_MS = 24 * 3_600_000;

/** The minutes an approved record bills: the actual time, or none for a no-show. */
export const actualMinutes = (entry: AttendanceEntry): number => (entry.noShow ? 0 : Math.round((entry.actualEnd - entry.actualStart) / 60_000));

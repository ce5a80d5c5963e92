// The staff's views of appointments (issue 25): the list's query from the URL, the week a calendar shows, and which
// unfilled appointments are close enough to their start to be marked. Pure rules; days are the company's calendar.
import { APPOINTMENT_MODES, APPOINTMENT_STATUSES, type Appointment, type AppointmentMode, type AppointmentStatus } from "./appointments";
import { COMPANY_TIME_ZONE, filterDay, nextDay } from "./orders";
import { pageParam, positiveInt, type Paged } from "./paging";
import { instantOf, wallClockOf } from "./zoned-time";

export const APPOINTMENTS_PAGE_SIZE = 25;

export type AppointmentQuery = {
  /** Starting on or after / on or before these days (YYYY-MM-DD, the company's calendar). */
  from: string | null;
  to: string | null;
  status: AppointmentStatus | null;
  languageId: number | null;
  interpreterId: string | null;
  mode: AppointmentMode | null;
  page: number;
};
export type AppointmentPage = Paged<Appointment>;

const UUID_OR_ID = /^[A-Za-z0-9-]{1,64}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** ?from=&to=&status=&language=&interpreter=&mode=&page= → the list's query; anything unreadable is left out. */
export function appointmentQueryFrom(url: URL): AppointmentQuery {
  const params = url.searchParams;
  const interpreter = params.get("interpreter") ?? "";
  return {
    from: filterDay(params.get("from")),
    to: filterDay(params.get("to")),
    status: oneOf(APPOINTMENT_STATUSES, params.get("status")),
    languageId: positiveInt(params.get("language")),
    interpreterId: UUID_OR_ID.test(interpreter) ? interpreter : null,
    mode: oneOf(APPOINTMENT_MODES, params.get("mode")),
    page: pageParam(url),
  };
}

/** The instant a company day begins (midnight there; no zone skips or repeats midnight). */
export function startOfDay(date: string, zone = COMPANY_TIME_ZONE): number {
  const start = instantOf({ date, time: "00:00" }, zone);
  if (start.kind === "exact") return start.instant;
  if (start.kind === "repeated") return start.earlier;
  throw new Error(`no midnight on ${date} in ${zone}`);
}

/** What the backend filters by: the list's query with its days as instants, [startsFrom, startsBefore). */
export type AppointmentFilter = Omit<AppointmentQuery, "from" | "to"> & { startsFrom: number | null; startsBefore: number | null };

export function filterOf({ from, to, ...rest }: AppointmentQuery): AppointmentFilter {
  return { ...rest, startsFrom: from ? startOfDay(from) : null, startsBefore: to ? startOfDay(nextDay(to)) : null };
}

/** The most appointments one calendar week shows (a week's work of a large company fits many times over). */
export const CALENDAR_LIMIT = 500;

/** The Monday of the week `date` is in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday `weeks` weeks before (negative) or after `monday`. */
export const shiftWeek = (monday: string, weeks: number): string =>
  new Date(Date.parse(`${monday}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** The seven days of a calendar week from its Monday, and the instants it spans. */
export function weekFrom(monday: string): { days: string[]; from: number; to: number } {
  const days = [monday];
  while (days.length < 7) days.push(nextDay(days.at(-1)!));
  return { days, from: startOfDay(monday), to: startOfDay(nextDay(days[6]!)) };
}

/** ?week=YYYY-MM-DD → the Monday of that week; this week's by default. */
export const weekParam = (url: URL, now: number) => mondayOf(filterDay(url.searchParams.get("week")) ?? wallClockOf(now, COMPANY_TIME_ZONE).date);

/** An unfilled appointment this close to its start is marked on the staff's screens. */
export const UNFILLED_WARNING_HOURS = 48;

export const isUnfilledSoon = (appointment: Pick<Appointment, "status" | "startsAt">, now: number): boolean =>
  (appointment.status === "requested" || appointment.status === "offered") &&
  appointment.startsAt > now &&
  appointment.startsAt - now < UNFILLED_WARNING_HOURS * 3_600_000;

/** The day (company calendar) an appointment starts on. */
export const dayOf = (appointment: Pick<Appointment, "startsAt">) => wallClockOf(appointment.startsAt, COMPANY_TIME_ZONE).date;

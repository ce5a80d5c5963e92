// How an appointment's time reads (issue 25; docs/decisions/0030): always in the company's zone, with the zone's
// abbreviation at that instant (MST or MDT), so a time on the autumn-change night is never ambiguous. The same text on
// the server and in the browser (the zone is fixed, never the reader's own).
import { format, INTL_LOCALE, type Locale, type Messages } from "~/i18n";
import { COMPANY_TIME_ZONE } from "~/domain/orders";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let built = formatters.get(key);
  if (!built) {
    built = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: COMPANY_TIME_ZONE });
    formatters.set(key, built);
  }
  return built;
}

/** "Tuesday, December 8, 2026 at 10:00 AM MST". */
export const appointmentWhen = (locale: Locale, instant: number): string =>
  formatter(locale, { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
    instant,
  );

/** "10:00 AM MST": a time of day with its zone (the two 01:30s of the autumn-change night). */
export const clockWithZone = (locale: Locale, instant: number): string =>
  formatter(locale, { hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant);

/** The zone's long name now ("Mountain Standard Time"), for the page's note on times. */
export const zoneLongName = (locale: Locale, instant: number): string =>
  formatter(locale, { timeZoneName: "long" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value ?? COMPANY_TIME_ZONE;

/** "2 h", "45 min", "1 h 30 min". */
export function durationText(t: Messages, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const forms = t.book.durationOption;
  if (hours === 0) return format(forms.minutes, { minutes: rest });
  return rest === 0 ? format(forms.hours, { hours }) : format(forms.both, { hours, minutes: rest });
}

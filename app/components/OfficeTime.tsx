import { INTL_LOCALE, type Locale } from "~/i18n";
import { dateTimeFormat } from "~/domain/zoned-time";
import { useLocale } from "~/platform/page/locale";

// Dates as staff read them. The office is in Wyoming: times read the same on the server and in every browser
// (so the server-rendered text and the hydrated page agree), in the page's language. dateStyle/timeStyle cannot be
// combined with timeZoneName, hence the fields.
const officeDateTime = (locale: Locale) =>
  dateTimeFormat(INTL_LOCALE[locale], {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Denver",
    timeZoneName: "short",
  });

/** A moment as staff read it, with its machine-readable form for assistive tools. */
export function OfficeTime({ at }: { at: number }) {
  const locale = useLocale();
  return <time dateTime={new Date(at).toISOString()}>{officeDateTime(locale).format(at)}</time>;
}

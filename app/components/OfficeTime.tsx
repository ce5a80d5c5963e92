import { INTL_LOCALE, type Locale } from "~/i18n";
import { useLocale } from "~/platform/page/locale";

// Dates as staff read them. The office is in Wyoming: times read the same on the server and in every browser
// (so the server-rendered text and the hydrated page agree), in the page's language. dateStyle/timeStyle cannot be
// combined with timeZoneName, hence the fields.
const formats = new Map<Locale, Intl.DateTimeFormat>();

function officeDateTime(locale: Locale): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "America/Denver",
      timeZoneName: "short",
    });
    formats.set(locale, format);
  }
  return format;
}

/** A moment as staff read it, with its machine-readable form for assistive tools. */
export function OfficeTime({ at }: { at: number }) {
  const locale = useLocale();
  return <time dateTime={new Date(at).toISOString()}>{officeDateTime(locale).format(at)}</time>;
}

// Dates as staff read them. The office is in Wyoming: times read the same on the server and in every browser
// (so the server-rendered text and the hydrated page agree). dateStyle/timeStyle cannot be combined with
// timeZoneName, hence the fields.
const officeDateTime = new Intl.DateTimeFormat("en-US", {
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
  return <time dateTime={new Date(at).toISOString()}>{officeDateTime.format(at)}</time>;
}

// The cron's part in offers (issue 25): an appointment whose offers have all closed (deadline passed, or everyone
// declined) with nobody confirmed is flagged unfilled, and staff are e-mailed — once per round of offers, however late
// or often the cron runs (OfferStore.flagUnfilled writes the flag and the e-mail together, only the first time).
import type { Backend } from "~/backend/port.server";
import { unfilledMails } from "./offer-mail.server";

/** Flags what is due at `now`; answers the ids this run flagged. */
export async function flagUnfilledAppointments(backend: Pick<Backend, "offers" | "content">, now: number, siteUrl: string | null): Promise<number[]> {
  const due = await backend.offers.unfilledDue(now);
  if (due.length === 0) return [];
  const staffEmail = (await backend.content.company())?.email || null;
  const flagged: number[] = [];
  for (const appointment of due) {
    // The cron serves no request: the link's origin is the configured site address, else the mail names the path.
    const mails = unfilledMails({ appointment, origin: siteUrl ?? "", staffEmail });
    if (await backend.offers.flagUnfilled(appointment.id, now, mails)) flagged.push(appointment.id);
  }
  return flagged;
}

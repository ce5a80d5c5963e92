import type { Backend } from "~/backend/port.server";
import { d1AccountStore } from "./accounts.server";
import { d1AppointmentStore } from "./appointments.server";
import { d1AvailabilityStore } from "./availability.server";
import { d1OfferStore } from "./offers.server";
import { d1ReminderStore } from "./reminders.server";
import { d1CalendarFeedStore } from "./calendar-feeds.server";
import { d1RecordStore } from "./records.server";
import { d1RateStore } from "./rates.server";
import { d1InvoiceStore } from "./invoices.server";
import { d1ReportStore } from "./reports.server";
import { d1PayStore } from "./pay.server";
import { d1RatingStore } from "./ratings.server";
import { d1PortalStore } from "./portal.server";
import { d1OrganisationStore } from "./organisations.server";
import { d1CustomerClaimStore } from "./claims.server";
import { d1PreferenceStore } from "./preferences.server";
import { d1AuthStore } from "./auth.server";
import { d1CallLogStore } from "./call-log.server";
import { d1ContentStore } from "./content.server";
import { d1SecurityEventStore } from "./events.server";
import { d1FileStore } from "./files.server";
import { d1InterpreterStore } from "./interpreters.server";
import { d1LanguageStore } from "./languages.server";
import { d1LinkStore } from "./links.server";
import { d1MailOutboxStore } from "./mail-outbox.server";
import { d1MediaStore } from "./media.server";
import { d1OrderStore } from "./orders.server";
import { d1OutboxStore } from "./outbox.server";
import { d1StudioStore } from "./studio.server";

type D1BackendOptions = {
  env: Pick<Env, "DB" | "MEDIA" | "FILES">;
  /** The request whose session cookie this backend reads. */
  request: Request;
  /** Signs the session cookie. */
  sessionSecret: string;
};

/** The embedded default: SQLite through the DB binding, images in the MEDIA bucket, orders' files in FILES, auth in D1. */
export function createD1Backend({ env, request, sessionSecret }: D1BackendOptions): Backend {
  const db = env.DB;
  const media = d1MediaStore(env.MEDIA);
  const responseHeaders = new Headers();
  return {
    name: "d1",
    responseHeaders,
    media,
    content: d1ContentStore(db, media),
    studio: d1StudioStore(db),
    auth: d1AuthStore(db, request, sessionSecret, responseHeaders),
    interpreters: d1InterpreterStore(db),
    languages: d1LanguageStore(db),
    links: d1LinkStore(db),
    outbox: d1OutboxStore(db),
    mail: d1MailOutboxStore(db),
    files: d1FileStore(env.FILES),
    orders: d1OrderStore(db),
    appointments: d1AppointmentStore(db),
    availability: d1AvailabilityStore(db),
    offers: d1OfferStore(db),
    reminders: d1ReminderStore(db),
    calendarFeeds: d1CalendarFeedStore(db),
    records: d1RecordStore(db),
    rates: d1RateStore(db),
    invoices: d1InvoiceStore(db),
    reports: d1ReportStore(db),
    pay: d1PayStore(db),
    ratings: d1RatingStore(db),
    portal: d1PortalStore(db),
    organisations: d1OrganisationStore(db),
    claims: d1CustomerClaimStore(db),
    preferences: d1PreferenceStore(db),
    calls: d1CallLogStore(db),
    accounts: d1AccountStore(db),
    events: d1SecurityEventStore(db),
  };
}

import type { SupabaseConfig } from "~/platform/core/config.server";
import type { Backend } from "~/backend/port.server";
import { supabaseAccountStore } from "./accounts.server";
import { supabaseAppointmentStore } from "./appointments.server";
import { supabaseAvailabilityStore } from "./availability.server";
import { supabaseAuthStore } from "./auth.server";
import { supabaseCalendarFeedStore } from "./calendar-feeds.server";
import { supabaseCallLogStore } from "./call-log.server";
import { supabaseClients } from "./clients.server";
import { supabaseContentStore, supabaseMediaStore } from "./content.server";
import { sessionDevices } from "./devices.server";
import { supabaseSecurityEventStore } from "./events.server";
import { supabaseFileStore } from "./files.server";
import { supabaseInvoiceStore } from "./invoices.server";
import { supabaseReportStore } from "./reports.server";
import { supabasePayStore } from "./pay.server";
import { supabaseRatingStore } from "./ratings.server";
import { supabasePortalStore } from "./portal.server";
import { supabaseOrganisationStore } from "./organisations.server";
import { supabaseCustomerClaimStore } from "./claims.server";
import { supabasePreferenceStore } from "./preferences.server";
import { supabaseMailOutboxStore } from "./mail-outbox.server";
import { supabaseOfferStore } from "./offers.server";
import { supabaseOrderStore } from "./orders.server";
import { supabaseOutboxStore } from "./outbox.server";
import { supabaseInterpreterStore, supabaseLanguageStore, supabaseLinkStore } from "./people.server";
import { supabaseRateStore } from "./rates.server";
import { supabaseRecordStore } from "./records.server";
import { supabaseReminderStore } from "./reminders.server";
import { supabaseStudioStore } from "./studio.server";

/** The company's existing backend: Postgres through PostgREST, Supabase Auth, Storage for the images and orders' files. */
export function createSupabaseBackend(config: SupabaseConfig, request: Request): Backend {
  const responseHeaders = new Headers();
  const clients = supabaseClients(config, request, responseHeaders);
  const media = supabaseMediaStore(config, clients.service);
  const devices = sessionDevices(clients.service);
  return {
    name: "supabase",
    responseHeaders,
    media,
    content: supabaseContentStore(clients.anon, media),
    studio: supabaseStudioStore(clients.service),
    auth: supabaseAuthStore(clients, request, devices),
    interpreters: supabaseInterpreterStore(clients.service),
    languages: supabaseLanguageStore(clients.service),
    links: supabaseLinkStore(clients.user, clients.service),
    outbox: supabaseOutboxStore(clients.service),
    mail: supabaseMailOutboxStore(clients.service),
    files: supabaseFileStore(clients.service, config.filesBucket),
    orders: supabaseOrderStore(clients.service),
    appointments: supabaseAppointmentStore(clients.service),
    availability: supabaseAvailabilityStore(clients.service),
    offers: supabaseOfferStore(clients.service),
    reminders: supabaseReminderStore(clients.service),
    calendarFeeds: supabaseCalendarFeedStore(clients.service),
    records: supabaseRecordStore(clients.service),
    rates: supabaseRateStore(clients.service),
    invoices: supabaseInvoiceStore(clients.service),
    reports: supabaseReportStore(clients.service),
    pay: supabasePayStore(clients.service),
    ratings: supabaseRatingStore(clients.service),
    portal: supabasePortalStore(clients.service),
    organisations: supabaseOrganisationStore(clients.service),
    claims: supabaseCustomerClaimStore(clients.service),
    preferences: supabasePreferenceStore(clients.service),
    calls: supabaseCallLogStore(clients.service),
    accounts: supabaseAccountStore(clients.service, devices),
    events: supabaseSecurityEventStore(clients.service),
  };
}

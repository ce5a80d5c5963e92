// The worker's configuration, checked once per isolate: a missing secret or a half-set provider fails
// loudly, naming the key, instead of surfacing later as an unsigned cookie or a message that never leaves.
import { z } from "zod";
import { isCalendarDate } from "~/domain/orders";
import { DEFAULT_PREFERRED_WINDOW_MINUTES } from "~/domain/preferences";

/** An unset variable and an empty one mean the same: not configured. */
const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET is not set (see .dev.vars.example, or `wrangler secret put SESSION_SECRET`)" })
    .min(32, { error: "SESSION_SECRET must be at least 32 characters" }),
  EMAILJS_API_URL: optional,
  EMAILJS_SERVICE_ID: optional,
  EMAILJS_CONTACT_TEMPLATE_ID: optional,
  EMAILJS_RESET_TEMPLATE_ID: optional,
  EMAILJS_ORDER_TEMPLATE_ID: optional,
  EMAILJS_PUBLIC_KEY: optional,
  EMAILJS_PRIVATE_KEY: optional,
  TURNSTILE_SITE_KEY: optional,
  TURNSTILE_SECRET_KEY: optional,
  TURNSTILE_VERIFY_URL: optional,
  SUPABASE_URL: optional,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_SERVICE_ROLE_KEY: optional,
  SUPABASE_MEDIA_BUCKET: optional,
  SUPABASE_FILES_BUCKET: optional,
  PUBLIC_CALLS: optional,
  SITE_URL: optional,
  CALL_ICE_SERVERS: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional,
  BANK_TRANSFER_DETAILS: optional,
  INVOICE_TAX_PERCENT: optional,
  BILLING_HOLIDAYS: optional,
  PREFERRED_OFFER_WINDOW_MINUTES: optional,
});

export type EmailJsConfig = {
  apiUrl: string;
  serviceId: string;
  contactTemplateId: string;
  /** Without it, reset links are not e-mailed (and only logged on a local machine). */
  resetTemplateId: string | null;
  /** Order e-mails ({{to_email}}, {{subject}}, {{message}}); without it they wait in the outbox, marked so. */
  orderTemplateId: string | null;
  publicKey: string;
  privateKey: string;
};

export type TurnstileConfig = { siteKey: string; secretKey: string; verifyUrl: string };

/** Online payment of invoices (issue 26, build item 5): Checkout sessions with the secret key, events signed with the
 * webhook's secret; `apiUrl` another address than Stripe's own (the tests' loopback double), or null. */
export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | null };

export type SupabaseConfig = {
  url: string;
  /** The public key: content reads and the signed-in user's own requests (row-level security applies). */
  anonKey: string;
  /** Server-side only: staff operations (accounts, the outbox). Never sent to the browser. */
  serviceRoleKey: string;
  /** The public Storage bucket holding the Home, Services, Contactus and Aboutus folders. */
  mediaBucket: string;
  /** The private Storage bucket of orders' files (customers' documents, deliveries): never public. */
  filesBucket: string;
};

export type AppConfig = {
  SESSION_SECRET: string;
  /** Null: no mail provider configured (messages wait in the outbox, marked so). */
  emailjs: EmailJsConfig | null;
  /** Null: the contact form runs without a Turnstile challenge (the default). */
  turnstile: TurnstileConfig | null;
  /** Set: the Supabase backend; null: the embedded D1 default. */
  supabase: SupabaseConfig | null;
  /** Whether visitors may start a live call from /Call (PUBLIC_CALLS=off switches it off; staff call links still work). */
  publicCalls: boolean;
  /** STUN/TURN servers for call rooms (CALL_ICE_SERVERS, JSON as RTCPeerConnection takes it); none locally. */
  iceServers: IceServer[];
  /**
   * The site's address ("https://pushlanguages.com"), for the links of e-mails the cron writes (reminders, unfilled
   * notices), which no visitor's request carries. Null: those e-mails point to earlier ones instead of linking.
   */
  siteUrl: string | null;
  /** Null: invoices are paid by bank transfer and recorded by hand (no "Pay now"). */
  stripe: StripeConfig | null;
  /** The company's bank-transfer details printed on invoices (BANK_TRANSFER_DETAILS), or null. */
  bankTransferDetails: string | null;
  /** The tax an invoice is issued at, in basis points (INVOICE_TAX_PERCENT "7.5" → 750); 0 when unset. */
  invoiceTaxBasisPoints: number;
  /** The public holidays billing surcharges (BILLING_HOLIDAYS "2026-12-25 Christmas Day; 2027-01-01 New Year's Day"). */
  billingHolidays: { date: string; name: string }[];
  /** How long after booking only the organisation's preferred interpreters may be offered an appointment (issue 27). */
  preferredOfferWindowMinutes: number;
};

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

const iceServersSchema = z.array(
  z.object({ urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), username: z.string().optional(), credential: z.string().optional() }),
);

function parseIceServers(text: string | undefined): IceServer[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("Invalid configuration: CALL_ICE_SERVERS is not JSON");
  }
  const parsed = iceServersSchema.safeParse(value);
  if (!parsed.success) throw new Error("Invalid configuration: CALL_ICE_SERVERS must be a list of { urls, username?, credential? }");
  return parsed.data;
}

const EMAILJS_REQUIRED = ["EMAILJS_SERVICE_ID", "EMAILJS_CONTACT_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY", "EMAILJS_PRIVATE_KEY"] as const;
const TURNSTILE_REQUIRED = ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"] as const;
const SUPABASE_REQUIRED = ["SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"] as const;
const STRIPE_REQUIRED = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** All of a provider's keys, or none: a half-set provider is a mistake to report, not to ignore. */
function allOrNothing<K extends string>(values: Partial<Record<K, string>>, keys: readonly K[], provider: string): boolean {
  const missing = keys.filter((key) => !values[key]);
  if (missing.length === keys.length) return false;
  if (missing.length > 0) throw new Error(`Invalid configuration: ${provider} is half set up; missing ${missing.join(", ")}`);
  return true;
}

/** SITE_URL as an origin, or null when unset; anything but an http(s) URL stops the worker, naming the key. */
function siteUrlOf(value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) throw new Error("Invalid configuration: SITE_URL must be an http(s) address");
  return url.origin;
}

/** INVOICE_TAX_PERCENT as basis points: a percentage from 0 to 100 with at most two decimals; anything else stops the worker. */
function taxBasisPointsOf(value: string | undefined): number {
  if (!value) return 0;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
  if (!(basisPoints <= 10_000)) throw new Error("Invalid configuration: INVOICE_TAX_PERCENT must be a percentage from 0 to 100, e.g. 7.5");
  return basisPoints;
}

/** PREFERRED_OFFER_WINDOW_MINUTES: whole minutes, 0 (no window) to a week; 60 when unset. */
function windowMinutesOf(value: string | undefined): number {
  if (!value) return DEFAULT_PREFERRED_WINDOW_MINUTES;
  const minutes = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(minutes <= 7 * 24 * 60)) throw new Error("Invalid configuration: PREFERRED_OFFER_WINDOW_MINUTES must be whole minutes from 0 to 10080, e.g. 60");
  return minutes;
}

/** BILLING_HOLIDAYS: "YYYY-MM-DD Name" entries separated by semicolons; a day that is not one stops the worker. */
function holidaysOf(value: string | undefined): { date: string; name: string }[] {
  if (!value) return [];
  return value
    .split(";")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const match = /^(\d{4}-\d{2}-\d{2})\s+(\S.*)$/.exec(entry);
      if (!match || !isCalendarDate(match[1]!)) {
        throw new Error(`Invalid configuration: BILLING_HOLIDAYS has "${entry}"; each entry is YYYY-MM-DD and a name, separated by semicolons`);
      }
      return { date: match[1]!, name: match[2]!.trim() };
    });
}

const cache = new WeakMap<object, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    const parsed = envSchema.safeParse(env);
    if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    const e = parsed.data;
    config = {
      SESSION_SECRET: e.SESSION_SECRET,
      emailjs: allOrNothing(e, EMAILJS_REQUIRED, "EmailJS")
        ? {
            apiUrl: e.EMAILJS_API_URL ?? "https://api.emailjs.com",
            serviceId: e.EMAILJS_SERVICE_ID!,
            contactTemplateId: e.EMAILJS_CONTACT_TEMPLATE_ID!,
            resetTemplateId: e.EMAILJS_RESET_TEMPLATE_ID ?? null,
            orderTemplateId: e.EMAILJS_ORDER_TEMPLATE_ID ?? null,
            publicKey: e.EMAILJS_PUBLIC_KEY!,
            privateKey: e.EMAILJS_PRIVATE_KEY!,
          }
        : null,
      turnstile: allOrNothing(e, TURNSTILE_REQUIRED, "Turnstile")
        ? {
            siteKey: e.TURNSTILE_SITE_KEY!,
            secretKey: e.TURNSTILE_SECRET_KEY!,
            verifyUrl: e.TURNSTILE_VERIFY_URL ?? "https://challenges.cloudflare.com/turnstile/v0/siteverify",
          }
        : null,
      supabase: allOrNothing(e, SUPABASE_REQUIRED, "Supabase")
        ? {
            url: e.SUPABASE_URL!.replace(/\/+$/, ""),
            anonKey: e.SUPABASE_ANON_KEY!,
            serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY!,
            mediaBucket: e.SUPABASE_MEDIA_BUCKET ?? "media",
            filesBucket: e.SUPABASE_FILES_BUCKET ?? "order-files",
          }
        : null,
      publicCalls: (e.PUBLIC_CALLS ?? "on").toLowerCase() !== "off",
      iceServers: parseIceServers(e.CALL_ICE_SERVERS),
      siteUrl: siteUrlOf(e.SITE_URL),
      stripe: allOrNothing(e, STRIPE_REQUIRED, "Stripe")
        ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL ?? null }
        : null,
      // Multi-line text as written (\n in the variable for a new line): shown on invoices when there is no Stripe.
      bankTransferDetails: e.BANK_TRANSFER_DETAILS?.replaceAll("\\n", "\n") ?? null,
      invoiceTaxBasisPoints: taxBasisPointsOf(e.INVOICE_TAX_PERCENT),
      billingHolidays: holidaysOf(e.BILLING_HOLIDAYS),
      preferredOfferWindowMinutes: windowMinutesOf(e.PREFERRED_OFFER_WINDOW_MINUTES),
    };
    cache.set(env, config);
  }
  return config;
}

// The allowed requests of offers of appointments (issue 25; app/backend/supabase/offers.server.ts). Extensions beyond
// SPEC §7, all with the service-role key: appointment_offers and unfilled_notices are the worker's to write (staff offer
// through it, an interpreter answers through it, after the route has checked who acts). Every change and every read
// is ONE call of a SQL function of supabase/migrations/20261203000100_push_appointment_offers.sql (one transaction, with
// its e-mails, or one snapshot).
import { is, type RestShape, type ValueCheck } from "./match";
import { mails } from "./shapes-appointments";

const OFFERS = "offers of appointments (issue 25)";
const MIGRATION = "supabase/migrations/20261203000100_push_appointment_offers.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** p_interpreter_ids: uuid[], each id once (maybe none). */
const interpreterIds: ValueCheck = (value) => Array.isArray(value) && value.every(is.uuid) && new Set(value).size === value.length;

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${OFFERS}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const OFFER_SHAPES: RestShape[] = [
  rpc(
    "push_offer_appointment",
    "an offer to interpreters — an unknown one refused first, storing nothing; then the compare-and-set on the version while it is requested or " +
      "offered, one open offer each with its deadline (offered again: reopened), the unfilled notice removed, and its e-mails",
    { p_id: positive, p_version: positive, p_interpreter_ids: interpreterIds, p_expires_at: positive, p_mails: mails, p_now: positive },
  ),
  rpc("push_appointment_offers", "an appointment's offers with their interpreters' names, by name", { p_appointment_id: positive }),
  rpc("push_get_offer", "one offer of this interpreter with its appointment, null when it is not theirs", {
    p_offer_id: positive,
    p_interpreter_id: is.uuid,
  }),
  rpc("push_interpreter_offers", "an interpreter's offers of appointments not started: open ones, and those answered since a time", {
    p_interpreter_id: is.uuid,
    p_now: positive,
    p_since: (value) => Number.isSafeInteger(value),
  }),
  rpc(
    "push_accept_offer",
    "an accept, the first of which wins (the appointment's row locked before it looks): confirmed to them, the others' offers taken and its " +
      "e-mails stored — or refused (not-found, answered, taken, expired, conflict), storing nothing",
    { p_offer_id: positive, p_interpreter_id: is.uuid, p_mails: mails, p_now: positive },
  ),
  rpc("push_decline_offer", "a decline of an open offer of this interpreter", { p_offer_id: positive, p_interpreter_id: is.uuid, p_now: positive }),
  rpc("push_unfilled_due", "the offered appointments with no open offer left before now, not flagged yet, soonest first", { p_now: positive }),
  rpc("push_flag_unfilled", "an appointment flagged unfilled once, with its staff e-mails, only while still unfilled (whether this call did)", {
    p_appointment_id: positive,
    p_mails: mails,
    p_now: positive,
  }),
  rpc("push_unfilled_since", "when an appointment was flagged unfilled, or null", { p_appointment_id: positive }),
];

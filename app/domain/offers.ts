// Offers of a booked appointment to interpreters (issue 25, "Offers, first to accept wins"): staff offer it to the
// eligible interpreters (eligibility.ts), each answers under My jobs, and the first accept confirms it — the database
// decides who was first (docs/decisions/0030). An offer lapses at its deadline; an appointment still unfilled then is
// flagged once and staff are e-mailed.
import type { Appointment } from "./appointments";

/**
 * open → accepted (this interpreter confirmed it) | declined (they said no) | taken (someone else accepted first).
 * An open offer past its deadline can no longer be accepted: it reads "expired".
 */
export const OFFER_STATUSES = ["open", "accepted", "declined", "taken"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export type Offer = {
  id: number;
  appointmentId: number;
  interpreter: { id: string; name: string };
  status: OfferStatus;
  offeredAt: number;
  expiresAt: number;
  respondedAt: number | null;
};

/** An offer as the backend answers it: with the appointment it is for. */
export type OfferedJob = Offer & { appointment: Appointment };

/**
 * An appointment as an interpreter sees it under My jobs: the work, never the customer's contact details or the
 * private link (the customer is told the interpreter's first name; the interpreter is told no more of them).
 */
export type WorkView = Omit<Appointment, "contact" | "tokenSealed" | "customerId" | "cancelReason" | "cancelledBy">;
export const workView = ({
  contact: _contact,
  tokenSealed: _sealed,
  customerId: _customer,
  cancelReason: _reason,
  cancelledBy: _by,
  ...work
}: Appointment): WorkView => work;
export type OfferedWork = Offer & { appointment: WorkView };

/** How an offer reads at `now`: an open one past its deadline has expired. */
export type OfferState = OfferStatus | "expired";
export const offerState = (offer: Pick<Offer, "status" | "expiresAt">, now: number): OfferState =>
  offer.status === "open" && offer.expiresAt <= now ? "expired" : offer.status;

/** How long an offer stays open (a company setting; this is its default). */
export const OFFER_HOURS = 24;

/** An offer's deadline: OFFER_HOURS from now, and never after the appointment starts. */
export const offerDeadline = (now: number, startsAt: number, hours = OFFER_HOURS): number => Math.min(now + hours * 3_600_000, startsAt);

/** Why an accept did not confirm the appointment. */
export type AcceptRefusal =
  /** No such offer of this interpreter. */
  | "not-found"
  /** Already accepted or declined by this interpreter. */
  | "answered"
  /** Someone else accepted first (or staff cancelled it, or withdrew it from offering). */
  | "taken"
  /** Past its deadline. */
  | "expired"
  /** The interpreter has a confirmed appointment whose time overlaps this one's (travel buffers counted). */
  | "conflict";

/** Whether staff can (re)offer it: only while nobody has it. */
export const isOfferable = (status: Appointment["status"]): boolean => status === "requested" || status === "offered";

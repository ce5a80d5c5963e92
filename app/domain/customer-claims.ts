// Joining by a status link (issue 27, docs/decisions/0042): what a customer's claim of an account looks like to the
// pages. A claim is asked for on an order's or an appointment's private page and opened from the e-mail it sends.

/** The status pages' form intent that asks for the link ("Create an account"). */
export const CLAIM_INTENT = "create-account";

/** What asking for a claim found, which decides the e-mail (the page answers the same sentence in every case). */
export type ClaimRequest =
  /** A claim was stored: the e-mail carries its link. */
  | { outcome: "link"; email: string; fullName: string; token: string }
  /** The address already signs in: the e-mail says to sign in (no claim is stored). */
  | { outcome: "account-exists"; email: string; fullName: string }
  /** The customer already belongs to an organisation: the e-mail says to ask for an invitation (no claim). */
  | { outcome: "in-organisation"; email: string; fullName: string };

/** What an open claim's page (/Join/<token>) shows. */
export type ClaimView = { email: string; fullName: string; inOrganisation: boolean };

/**
 * The new organisation's name: the customer's company, else their name; when an organisation has it already (any
 * case), the e-mail is added, so a claim never lands in someone else's organisation. At most 200 characters.
 */
export function claimOrganisationName({ company, name, email }: { company: string; name: string; email: string }, taken: boolean): string {
  const base = (company.trim() || name.trim() || email).slice(0, 200);
  if (!taken) return base;
  const suffix = ` (${email})`;
  return `${base.slice(0, Math.max(1, 200 - suffix.length))}${suffix}`.slice(0, 200);
}

/** An address as the status page names it after "Create an account": its first character and its domain. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

// A public request form (/Quote, /Book) filled in by a customer's signed-in requester (issue 27): their details come
// filled in, and what they send is theirs — under their account's e-mail, whatever the field says, so the request joins
// their organisation (its customers row is the one with that e-mail) and counts as proven (the account's address was
// proven when the account was made).
import type { CustomerUser } from "~/domain/auth";
import type { FormFailure } from "~/platform/page/form-failure";
import type { Backend } from "~/backend/port.server";

/**
 * The signed-in requester, or null for a visitor (or staff, who request for customers from the dashboard). When the
 * sign-in service cannot answer, the form still works as a visitor's: the address typed is used and proven by its link.
 */
export async function signedInRequester(backend: Backend): Promise<CustomerUser | null> {
  try {
    const user = await backend.auth.currentUser();
    return user?.kind === "customer" ? user : null;
  } catch (error) {
    console.error("Could not read who is signed in for a request form:", error);
    return null;
  }
}

/**
 * A form's first state for a requester: their name and e-mail, the organisation as the company (`companyField`), and
 * any `more` values (a past order's work, for "Request again").
 */
export function requesterPrefill(user: CustomerUser, companyField: string, intent: string, more: Record<string, string> = {}): FormFailure {
  return {
    values: { ...more, name: user.fullName, email: user.email, [companyField]: user.organisationName },
    errors: {},
    formError: null,
    toast: null,
    intent,
    id: null,
    conflict: null,
  };
}

// SPEC §7 "The calls it makes", the backend lines, verbatim (../shared/SPEC.md). Every allowed request shape
// of the double (shapes-*.ts) names the line it implements, or says why it is an extension beyond §7; the
// coverage report counts matches per line. The last §7 item (the contact form's POST to the e-mail
// provider) is not a Supabase call and is faked by tests/support/fake-emailjs.ts instead.
export const SPEC_7 = {
  company: "GET company, all columns (home, contact, footer). The first row is used if at least one exists.",
  services: "GET services, all columns.",
  about: "GET about, all columns.",
  currentUser: "Get the current auth session, then GET users where id equals the session user id (single row).",
  signIn: "Sign in with password: payload email, password.",
  signOut: "Sign out.",
  resetRequest: "Password reset by email: payload email.",
  resetUpdate: "Update auth user: payload email, password (reset page).",
  interpreterList: "GET users with id, full_name, email, phone, Gender and nested user_languages (language_id, languages.name).",
  signUp: "Sign up: payload email, password; then INSERT users with id, full_name, email, phone, Gender.",
  remove: "Delete users where id equals the chosen id, then delete the auth account (an admin call that may not be available to the client and so may fail).",
  update: "UPDATE users with the edited fields where id equals the chosen id.",
  ownLanguages: "GET user_languages with language_id and languages(name) where user_id equals the current user.",
  languages: "GET, INSERT (name), UPDATE (name, matched by id), DELETE (matched by id) on languages.",
  links: "GET user_languages (id, user_id, language_id); INSERT (user_id, language_id); DELETE where id equals the row id.",
  linkScreen: "GET users (id, full_name, email) and languages (id, name) for the link screen.",
} as const;

export type SpecKey = keyof typeof SPEC_7;
export const SPEC_LINES: readonly string[] = Object.values(SPEC_7);

// The allowed Supabase Auth (GoTrue) and Storage requests of the adapter, as auth-js 2.109 sends them:
// apikey + Authorization, X-Supabase-Api-Version: 2024-01-01, JSON bodies with exactly these keys.
import { is, type AuthShape } from "./match";

const USER_ID = /^\/admin\/users\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /logout with `scope` (local, global or others), with the user's own token. */
const logout = (scope: string, extension: string, spec?: AuthShape["spec"]): AuthShape => ({
  id: `auth.logout.${scope}`,
  ...(spec ? { spec } : {}),
  extension,
  service: "auth",
  method: "POST",
  path: /^\/logout$/,
  query: { scope },
  key: "user",
});

export const AUTH_SHAPES: AuthShape[] = [
  {
    id: "auth.token.password",
    spec: "signIn",
    extension: "also the current-password check of a password change (Profile page), on a fresh client whose session is " + "ended at once (auth.logout.local)",
    service: "auth",
    method: "POST",
    path: /^\/token$/,
    query: { grant_type: "password" },
    key: "anon",
    body: { required: { email: is.string, password: is.string, gotrue_meta_security: is.object } },
  },
  {
    id: "auth.token.refresh",
    extension: "refresh-token grant: a session cookie whose access token is (nearly) expired is renewed, and the new cookies set",
    service: "auth",
    method: "POST",
    path: /^\/token$/,
    query: { grant_type: "refresh_token" },
    key: "anon",
    body: { required: { refresh_token: is.text } },
  },
  { id: "auth.user.get", spec: "currentUser", service: "auth", method: "GET", path: /^\/user$/, key: "user" },
  logout(
    "local",
    "scope=local: signing out ends this browser's session only (as the D1 adapter does), a reset that stopped " +
      "(the form's email is not the account's) ends only its recovery session, and a password change ends the " +
      "session its current-password check opened",
    "signOut",
  ),
  logout("global", "scope=global after a password reset: ends every session of the account, the recovery session included"),
  logout(
    "others",
    'scope=others: "sign out everywhere else" on the Profile page, and after a password change, ends every ' + "session of the account but this browser's",
  ),
  {
    id: "auth.admin.generate-link",
    spec: "resetRequest",
    extension:
      "implemented with the admin generate_link (type recovery, the service role) instead of /recover: Supabase sends no e-mail, " +
      "the worker mails its own link carrying the token hash",
    service: "auth",
    method: "POST",
    path: /^\/admin\/generate_link$/,
    key: "service",
    body: { required: { type: is.literal("recovery"), email: is.string } },
  },
  {
    id: "auth.verify.recovery",
    extension: "verifyOtp with the link's token_hash (type recovery, single use) gives the recovery session the password update needs",
    service: "auth",
    method: "POST",
    path: /^\/verify$/,
    key: "anon",
    body: { required: { type: is.literal("recovery"), token_hash: is.text, gotrue_meta_security: is.object } },
  },
  {
    id: "auth.user.update-password",
    spec: "resetUpdate",
    extension:
      "only the password is sent; the form's email is checked against the recovery session's user instead. Also the " +
      "Profile page's password change, with the user's own session, after the current password was checked",
    service: "auth",
    method: "PUT",
    path: /^\/user$/,
    key: "user",
    body: { required: { password: is.string, code_challenge: is.literal(null), code_challenge_method: is.literal(null) } },
  },
  {
    id: "auth.user.update-locale",
    extension:
      "the Profile page's dashboard language: only `data.locale` (en or ar) is sent, with the user's own session, and " +
      "GoTrue merges it into the user's user_metadata, where the worker reads it back with the verified user",
    service: "auth",
    method: "PUT",
    path: /^\/user$/,
    key: "user",
    body: {
      required: {
        data: (value: unknown) =>
          is.object(value) && Object.keys(value as object).join() === "locale" && is.literal("en", "ar")((value as { locale: unknown }).locale),
        code_challenge: is.literal(null),
        code_challenge_method: is.literal(null),
      },
    },
  },
  {
    id: "auth.admin.create-user",
    spec: "signUp",
    extension: "the sign-up runs on the server with the admin API (email_confirm: true), so no confirmation mail and no session",
    service: "auth",
    method: "POST",
    path: /^\/admin\/users$/,
    key: "service",
    body: { required: { email: is.string, password: is.string, email_confirm: is.literal(true) } },
  },
  {
    id: "auth.admin.update-user",
    extension: "admin update of an auth user's email (email_confirm: true) when staff change an interpreter's email, and its undo",
    service: "auth",
    method: "PUT",
    path: USER_ID,
    key: "service",
    body: { required: { email: is.string, email_confirm: is.literal(true) } },
  },
  {
    id: "auth.admin.update-user.ban",
    extension:
      "the Users page's lock and unlock: an admin ban (ban_duration 876000h, i.e. 100 years, or none to lift it). A " +
      "banned user cannot sign in or refresh a session; the worker no longer accepts its sessions either",
    service: "auth",
    method: "PUT",
    path: USER_ID,
    key: "service",
    body: { required: { ban_duration: is.literal("876000h", "none") } },
  },
  {
    id: "auth.admin.get-user",
    extension:
      "a removal that finds no users row asks whether the sign-in account is still there (left by a removal half done " +
      "before the account was deleted first), to finish it and name its email; the Users page's rare paths ask an account's email",
    service: "auth",
    method: "GET",
    path: USER_ID,
    key: "service",
  },
  {
    id: "auth.admin.delete-user",
    spec: "remove",
    extension:
      "first, not after the users row: the row, its links and its device rows go with the account in one " +
      "transaction (users.id references auth.users on delete cascade), so a failed call leaves nothing half done; " +
      "also the undo of a sign-up whose users row could not be stored (all or nothing)",
    service: "auth",
    method: "DELETE",
    path: USER_ID,
    key: "service",
    body: { required: { should_soft_delete: is.literal(false) } },
  },
  {
    id: "storage.object.public",
    extension: "the images of the four content folders (SPEC §3) from the public Storage bucket, fetched by the browser",
    service: "storage",
    method: "GET",
    path: /^\/object\/public\/[^/]+\/(Home|Services|Contactus|Aboutus)\/[^/]+$/,
    key: "any",
  },
];

// Sign-in with Supabase Auth. The user is always verified with getUser() (Supabase checks the token);
// getSession() alone would trust whatever the cookie says. Reset links carry a token hash the server
// verifies (verifyOtp), so they work on any device, with no browser-held PKCE verifier.
// A locked account is a banned one (accounts.server.ts); each session's device is a session_devices row
// (devices.server.ts).
import type { SupabaseClient, User } from "@supabase/supabase-js";
import type { Role, SignedInUser } from "~/domain/auth";
import { isLocale } from "~/i18n";
import { BackendError, type AuthStore } from "~/backend/port.server";
import { check, failIf, type SupabaseClients } from "./clients.server";
import { sessionIdOf, type SessionDevices } from "./devices.server";
import { supabaseSelfService } from "./self-service.server";

/** SPEC §7: "GET users where id equals the session user id (single row)". */
const USER_COLUMNS = 'id, full_name, email, phone, "Gender", account_type, role';
type UserRow = { id: string; full_name: string; email: string; phone: string | null; Gender: string | null; account_type: string | null; role: Role | null };

/** A requester's own customer_people row with its organisation's name (RLS: their own organisation's rows). */
const PERSON_COLUMNS = "account_id,organisation_id,full_name,is_admin,organisations(name)";
type PersonRow = { account_id: string; organisation_id: number; full_name: string; is_admin: boolean; organisations: { name: string } | null };

/**
 * The signed-in person, or null for an account with neither a users row (staff: the role lives there) nor a
 * customer_people row (a customer's requester): such an account (a public sign-up with the anon key, or one whose
 * removal stopped half way) is nobody and is not let in.
 */
async function sessionUser(client: SupabaseClient, user: Pick<User, "id" | "email" | "user_metadata">, email: string): Promise<SignedInUser | null> {
  const row = check<UserRow | null>(await client.from("users").select(USER_COLUMNS).eq("id", user.id).maybeSingle());
  // The language is the account's own preference: Supabase Auth keeps it in the user's metadata.
  const chosen: unknown = user.user_metadata?.locale;
  const locale = isLocale(chosen) ? chosen : "en";
  if (!row) {
    const person = check<PersonRow | null>(await client.from("customer_people").select(PERSON_COLUMNS).eq("account_id", user.id).maybeSingle());
    if (!person) return null;
    return {
      kind: "customer",
      id: user.id,
      email,
      locale,
      fullName: person.full_name,
      organisationId: person.organisation_id,
      organisationName: person.organisations?.name ?? "",
      isOrganisationAdmin: person.is_admin,
    };
  }
  return {
    kind: "staff",
    id: user.id,
    email,
    role: row.role ?? "interpreter",
    locale,
    profile: { fullName: row.full_name, email: row.email, phone: row.phone ?? "", gender: row.Gender ?? "", department: row.account_type },
  };
}

/** Whether a Supabase Auth ban (an administrator's lock) is in force: banned_until is set and still ahead. */
export function isBanned(bannedUntil: string | undefined, now = Date.now()): boolean {
  return !!bannedUntil && Date.parse(bannedUntil) > now;
}

export function supabaseAuthStore(clients: SupabaseClients, request: Request, devices: SessionDevices): AuthStore {
  const { user: client, recovery } = clients;
  let current: Promise<{ user: SignedInUser; sessionId: string } | null> | undefined;

  /** The verified user of this request and its session's id, worked out once per request. */
  function signedIn() {
    current ??= (async () => {
      const { data, error } = await client.auth.getUser();
      if (error || !data.user) return null; // no session, or one Supabase no longer accepts
      // Locked: Supabase Auth ≥ 2.196 refuses a banned user's access token itself (getUser fails, 403 user_banned);
      // older versions accept it until it expires (up to an hour), refusing only its refresh. Checked here as well,
      // so locking ends the account's sessions at once whatever the version.
      if (isBanned(data.user.banned_until)) return null;
      // The session getUser() just verified (and refreshed, if it had to): its token's session_id names the device.
      const sessionId = sessionIdOf((await client.auth.getSession()).data.session?.access_token);
      if (!sessionId) return null;
      const [user, known] = await Promise.all([sessionUser(client, data.user, data.user.email ?? ""), devices.seen(sessionId)]);
      // A session without its row was ended by the worker. Supabase Auth may still accept it: a ban does not end
      // sessions, so after an unlock the ones from before the lock would work again (docs/decisions/0013).
      return user && known ? { user, sessionId } : null;
    })();
    return current;
  }

  return {
    async currentUser() {
      return (await signedIn())?.user ?? null;
    },

    async signIn({ email, password }) {
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) {
        // Supabase Auth refuses a banned user before it checks the password (api/token.go), so unlike D1 this
        // answer does not prove the password was right: Supabase cannot say whether it was.
        if (error.code === "user_banned") return { ok: false, reason: "locked" };
        if (error.status === 400) return { ok: false, reason: "invalid-credentials" };
        throw new BackendError(error.message);
      }
      if (!data.session || !data.user) return { ok: false, reason: "no-session" };
      const user = await sessionUser(client, data.user, data.user.email ?? email);
      if (!user) {
        // The password was right, but the account has no users row: end the session Supabase just opened.
        failIf((await client.auth.signOut({ scope: "local" })).error);
        return { ok: false, reason: "no-users-row" };
      }
      // The session cookies were set through setAll, into responseHeaders.
      const sessionId = sessionIdOf(data.session.access_token);
      if (sessionId) await devices.record(sessionId, data.user.id, request);
      return { ok: true, user };
    },

    ...supabaseSelfService({ client, recovery, devices, signedIn }),

    async signOut() {
      const sessionId = sessionIdOf((await client.auth.getSession()).data.session?.access_token);
      // This browser's session only (auth-js defaults to every session of the account).
      failIf((await client.auth.signOut({ scope: "local" })).error); // the cleared cookies go through setAll
      if (sessionId) await devices.removeOne(sessionId);
    },

    async requestPasswordReset(email) {
      // Creates the recovery token without Supabase sending its own e-mail: the worker sends the link.
      const { data, error } = await clients.service.auth.admin.generateLink({ type: "recovery", email });
      if (error || !data.properties?.hashed_token) return null; // no such user (the answer is the same)
      const accountEmail = data.user?.email ?? email;
      return { email: accountEmail, token: encodeResetToken(data.properties.hashed_token, accountEmail) };
    },

    async resetPassword({ token, email, password }) {
      const ticket = decodeResetToken(token);
      if (!ticket) return { ok: false, reason: "invalid-token" };
      // Verifying the link uses it up: the typed address is compared first, so a typo leaves the link working.
      if (ticket.email.toLowerCase() !== email.toLowerCase()) return { ok: false, reason: "email-not-found" };

      const exchange = recovery();
      const { data, error } = await exchange.auth.verifyOtp({ type: "recovery", token_hash: ticket.hash });
      if (error || !data.user || !data.session) return { ok: false, reason: "invalid-token" };
      let reset = false;
      try {
        if ((data.user.email ?? "").toLowerCase() !== email.toLowerCase()) return { ok: false, reason: "email-not-found" };
        const { error: updateError } = await exchange.auth.updateUser({ password });
        // Supabase refuses "the same password" (422 same_password): the password already is what was asked for.
        if (updateError && updateError.code !== "same_password") failIf(updateError);
        reset = true;
        return { ok: true };
      } finally {
        // After a reset every session of the account ends; otherwise only this recovery session does.
        failIf((await exchange.auth.signOut({ scope: reset ? "global" : "local" })).error);
        if (reset) await devices.removeAll(data.user.id);
      }
    },
  };
}

/**
 * The reset link's token: Supabase's token hash and the account's address, so the reset form's address can be
 * checked before the hash is verified (and used up). The address is no secret to the link's own recipient;
 * Supabase still checks the hash, and the verified user's address is compared again.
 */
function encodeResetToken(hash: string, email: string): string {
  return btoa(JSON.stringify({ h: hash, e: email }))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function decodeResetToken(token: string): { hash: string; email: string } | null {
  try {
    const { h, e } = JSON.parse(atob(token.replaceAll("-", "+").replaceAll("_", "/"))) as { h?: unknown; e?: unknown };
    return typeof h === "string" && typeof e === "string" ? { hash: h, email: e } : null;
  } catch {
    return null;
  }
}

// What a signed-in user does to their own account on the Profile page, on Supabase: change the password, see their
// sessions (session_devices rows, devices.server.ts) and end the others (Supabase Auth's logout scope=others).
import type { SupabaseClient } from "@supabase/supabase-js";
import { currentSessionFirst, type DeviceSession } from "~/domain/accounts";
import type { SignedInUser } from "~/domain/auth";
import { BackendError, type AuthStore } from "~/backend/port.server";
import { failIf } from "./clients.server";
import { sessionKeyOf, type SessionDevices } from "./devices.server";

type SelfServiceDeps = {
  /** The visitor's client (their session in cookies). */
  client: SupabaseClient;
  /** A fresh client with no cookies: the current-password check signs in there, never in the visitor's cookies. */
  recovery: () => SupabaseClient;
  devices: SessionDevices;
  /** The verified user of this request and its session's id (auth.server.ts, once per request). */
  signedIn: () => Promise<{ user: SignedInUser; sessionId: string } | null>;
};

export function supabaseSelfService({
  client,
  recovery,
  devices,
  signedIn,
}: SelfServiceDeps): Pick<AuthStore, "changePassword" | "sessions" | "signOutOthers" | "setLocale"> {
  /** Ends every other session of the account in Supabase Auth, then their device rows; answers how many rows. */
  async function endOthers(userId: string, sessionId: string): Promise<number> {
    failIf((await client.auth.signOut({ scope: "others" })).error);
    return devices.removeOthers(userId, sessionId);
  }

  return {
    async changePassword({ currentPassword, newPassword }) {
      const found = await signedIn();
      if (!found) return { ok: false, reason: "signed-out" };

      // Supabase Auth's PUT /user does not ask for the current password (unless the project requires it), so it is
      // checked first with a password sign-in on a stateless client, whose session is ended straight away.
      const verifier = recovery();
      const { data, error } = await verifier.auth.signInWithPassword({ email: found.user.email, password: currentPassword });
      if (error) {
        if (error.code === "invalid_credentials") return { ok: false, reason: "wrong-password" };
        if (error.code === "user_banned") return { ok: false, reason: "signed-out" }; // locked in the meantime
        throw new BackendError(error.message);
      }
      if (data.session) failIf((await verifier.auth.signOut({ scope: "local" })).error);

      const { error: updateError } = await client.auth.updateUser({ password: newPassword });
      // Supabase refuses "the same password" (422 same_password): the password already is what was asked for.
      if (updateError && updateError.code !== "same_password") failIf(updateError);
      // Supabase Auth ends the other sessions of a password change itself; asked again explicitly, so the device
      // rows go with them whatever Auth's version does.
      await endOthers(found.user.id, found.sessionId);
      return { ok: true };
    },

    async sessions() {
      const found = await signedIn();
      if (!found) return [];
      const rows = await devices.list(found.user.id);
      const list = await Promise.all(
        rows.map(async (row): Promise<DeviceSession> => ({
          key: await sessionKeyOf(row.session_id),
          current: row.session_id === found.sessionId,
          userAgent: row.user_agent,
          address: row.address,
          signedInAt: Date.parse(row.created_at),
          lastUsedAt: Date.parse(row.last_seen_at),
        })),
      );
      return currentSessionFirst(list);
    },

    async signOutOthers() {
      const found = await signedIn();
      return found ? endOthers(found.user.id, found.sessionId) : 0;
    },

    async setLocale(locale) {
      if (!(await signedIn())) return false;
      // The user's own metadata (PUT /user): their session may write it, and getUser() brings it back.
      failIf((await client.auth.updateUser({ data: { locale } })).error);
      return true;
    },
  };
}

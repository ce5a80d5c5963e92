import { redirect } from "react-router";
import { specArabic } from "~/i18n";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { requireSignedIn } from "~/request/guards.server";
import { homeOf } from "~/domain/auth";
import { currentSessionKey, tellSwitchboardSessionsEnded } from "~/features/calls/switchboard.server";
import { redirectWithToast } from "~/request/toast.server";
import type { Route } from "./+types/logout";
import { appContext } from "~/request/context.server";

/** Signing out changes data, so only a POST does it; a GET goes back to the dashboard (which sends a customer on). */
export function loader() {
  return redirect("/Dashboard");
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const app = appContext(context);
  const user = await requireSignedIn({ url, context });
  try {
    const session = await currentSessionKey(app.backend);
    await app.backend.auth.signOut();
    if (session) await tellSwitchboardSessionsEnded(app.cloudflare.env, user.email, { only: session });
    // Signed out into the sign-in page of their own language.
    const message = messagesFor(user.locale).auth.signedOut;
    return redirectWithToast(localizedPath(user.locale, "/Login"), { type: "success", message }, { request, config: app.config });
  } catch (error) {
    // The session could not be ended: say so (SPEC §8, in Arabic) and keep the user where they were,
    // still signed in, so they can try again.
    console.error("Sign-out failed:", error);
    return redirectWithToast(homeOf(user), { type: "error", message: specArabic.dashboard.signOutError }, { request, config: app.config });
  }
}

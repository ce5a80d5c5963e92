// Guards at the top of every dashboard loader and action. A layout guard alone is not enough: actions
// and data requests (/Dashboard/Profile.data) reach child routes directly.
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { appContext } from "./context.server";
import { recordSecurityEvent } from "./security-log.server";

type GuardArgs = { url: URL; context: Readonly<RouterContextProvider> };

/** The signed-in user; anyone else is sent to sign in, and comes back here afterwards. */
export async function requireUser({ url, context }: GuardArgs): Promise<SessionUser> {
  const user = await appContext(context).backend.auth.currentUser();
  if (!user) {
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/Login?${new URLSearchParams({ redirectTo: back })}`);
  }
  return user;
}

/** A signed-in admin; a signed-in interpreter gets 403. */
export async function requireAdmin(args: GuardArgs & { request: Request }): Promise<SessionUser> {
  const user = await requireUser(args);
  if (user.role !== "admin") {
    await recordSecurityEvent(appContext(args.context), args.request, {
      kind: "forbidden",
      account: user.email,
      actor: user.email,
      detail: `${args.request.method} ${args.url.pathname}`,
    });
    throw data({ reason: "admins-only" }, { status: 403, statusText: "Forbidden" });
  }
  return user;
}

/**
 * Where to go after signing in: the `redirectTo` the guard sent if it is a path on this site,
 * otherwise the dashboard. Rejects other origins and protocol-relative paths (//x, /\x) — also those
 * that only become one after normalising (/.//x, /x/..//x, /%2e//x).
 */
export function safeRedirectPath(to: unknown, fallback = "/Dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  try {
    const base = "http://same.site";
    const url = new URL(to, base);
    const path = url.pathname + url.search + url.hash;
    const offSite = url.origin !== base || path.startsWith("//") || path.startsWith("/\\");
    return offSite ? fallback : path;
  } catch {
    return fallback;
  }
}

// Guards at the top of every dashboard loader and action. A layout guard alone is not enough: actions
// and data requests (/Dashboard/Profile.data) reach child routes directly.
import { data, redirect, type RouterContextProvider } from "react-router";
import { homeOf, type CustomerUser, type SessionUser, type SignedInUser } from "~/domain/auth";
import { appContext } from "./context.server";
import { recordSecurityEvent } from "./security-log.server";

type GuardArgs = { url: URL; context: Readonly<RouterContextProvider> };

/** Whoever is signed in; anyone else is sent to sign in, and comes back here afterwards. */
export async function requireSignedIn({ url, context }: GuardArgs): Promise<SignedInUser> {
  const user = await appContext(context).backend.auth.currentUser();
  if (!user) {
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/Login?${new URLSearchParams({ redirectTo: back })}`);
  }
  return user;
}

/** 403, with a line in the security log: a signed-in account on a page not for its kind or role. */
async function refuse(args: GuardArgs & { request: Request }, user: SignedInUser, reason: string): Promise<never> {
  await recordSecurityEvent(appContext(args.context), args.request, {
    kind: "forbidden",
    account: user.email,
    actor: user.email,
    detail: `${args.request.method} ${args.url.pathname}`,
  });
  // Where the person belongs: the 403 page links there (a requester is never shown a link to the dashboard).
  throw data({ reason, home: homeOf(user) }, { status: 403, statusText: "Forbidden" });
}

/** A signed-in member of staff (the dashboard's guard); a customer's requester gets 403. */
export async function requireStaff(args: GuardArgs & { request: Request }): Promise<SessionUser> {
  const user = await requireSignedIn(args);
  return user.kind === "staff" ? user : refuse(args, user, "staff-only");
}

/** A signed-in requester of a customer organisation (the /Account guard); staff get 403. */
export async function requireCustomer(args: GuardArgs & { request: Request }): Promise<CustomerUser> {
  const user = await requireSignedIn(args);
  return user.kind === "customer" ? user : refuse(args, user, "customers-only");
}

/** A signed-in customer who administers their organisation; another customer (and staff) gets 403. */
export async function requireOrganisationAdmin(args: GuardArgs & { request: Request }): Promise<CustomerUser> {
  const user = await requireCustomer(args);
  return user.isOrganisationAdmin ? user : refuse(args, user, "organisation-admins-only");
}

/** A signed-in admin; a signed-in interpreter gets 403. */
export async function requireAdmin(args: GuardArgs & { request: Request }): Promise<SessionUser> {
  const user = await requireStaff(args);
  return user.role === "admin" ? user : refuse(args, user, "admins-only");
}

/**
 * Where someone signed in goes: `to` when it is a page for their kind (safeRedirectPath's rules), otherwise their home
 * (a customer never lands on the dashboard, staff never on /Account).
 */
export function landingOf(user: SignedInUser, to: unknown): string {
  const home = homeOf(user);
  const path = safeRedirectPath(to, home);
  const area = path.replace(/^\/ar(?=\/|$)/, "").split(/[/?#]/)[1] ?? "";
  const foreign = user.kind === "customer" ? area === "Dashboard" : area === "Account";
  return foreign ? home : path;
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

// /Join/<token> and /ar/Join/<token> (public; issue 27, docs/decisions/0042): the link a status-link holder's
// "Create an account" e-mailed to the address on their record. An open link shows that address and the invitation's
// password form (the same rules and rate limit); posting it makes the account, a new organisation named after their
// company and joins their earlier orders, appointments and invoices to it, then signs them in on /Account. A customer
// who belongs to an organisation meanwhile is told to ask for an invitation; an unknown, used or expired link is one
// 404 page, its form too (checked before the form is read), as invitations'.
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { DeadLink, SetPasswordForm } from "~/features/accounts/SetPasswordForm";
import { acceptInvitationSchema } from "~/domain/organisations";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { appContext } from "~/request/context.server";
import { readLimitedForm } from "~/request/public-form.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import { localeOfPath, localizedPath, messagesFor, messagesOfRequest, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${messagesFor(localeOfPath(location.pathname)).claims.join.metaTitle} — PUSH` },
  // The address carries a secret token: never indexed, never sent to another site.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const claim = await appContext(context).backend.claims.claimOf(params.token, Date.now());
  if (!claim) return data({ claim: null }, { status: 404 });
  return claim.inOrganisation ? data({ claim }, { status: 409 }) : { claim };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const app = appContext(context);
  const t = messagesOfRequest(request).claims.join;
  // An unknown, used or expired link is a 404 whatever the form holds, as its page is.
  const claim = await app.backend.claims.claimOf(params.token, Date.now());
  if (!claim) return formFailure({ formError: t.invalid }, { status: 404 });
  if (claim.inOrganisation) return formFailure({ formError: t.inOrganisation }, { status: 409 });
  const form = await readLimitedForm(app.cloudflare.env.PASSWORD_RESET_LIMITER, request, app, acceptInvitationSchema(messagesOfRequest(request)));
  if ("refused" in form) return form.refused;
  const joined = await app.backend.claims.join({ token: params.token, password: form.data.password, now: Date.now() });
  if (!joined.ok) {
    const [formError, status] = ({ "account-exists": [t.accountExists, 409], "in-organisation": [t.inOrganisation, 409], invalid: [t.invalid, 404] } as const)[
      joined.reason
    ];
    return formFailure({ formError }, { status });
  }
  const locale = localeOfPath(url.pathname);
  await recordSecurityEvent(app, request, { kind: "account-created", account: joined.email, actor: joined.email, detail: "joined by a status link" });
  // Signed in at once: they proved the address by opening its link and chose the password just now.
  const signedIn = await app.backend.auth.signIn({ email: joined.email, password: form.data.password });
  if (!signedIn.ok) throw redirect(localizedPath(locale, "/Login"));
  await recordSecurityEvent(app, request, { kind: "sign-in", account: joined.email, actor: joined.email, detail: "joined by a status link" });
  return redirectWithToast(localizedPath(locale, "/Account"), { type: "success", message: t.ready }, { request, config: app.config });
}

export default function Join() {
  const t = useMessages().claims.join;
  const { claim } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  if (!claim) return <DeadLink heading={t.invalidHeading} text={t.invalid} signIn={t.signIn} />;
  if (claim.inOrganisation) return <DeadLink heading={t.inOrganisationHeading} text={t.inOrganisation} signIn={t.signIn} />;
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{format(t.intro, { email: claim.email })}</p>
      <SetPasswordForm id="join" email={claim.email} failure={failure} t={t} />
    </>
  );
}

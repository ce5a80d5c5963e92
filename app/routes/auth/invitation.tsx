// /Invitation/<token> and /ar/Invitation/<token> (public; issue 27): an invitation to sign in for a customer
// organisation. An open link shows the organisation and the e-mail, and a form to set the password (the reset form's
// rules); posting it makes the account and sends them to /Login with a success toast. An unknown, used or expired link
// is one page, the same for all three. The post has the password reset's rate limit (readLimitedForm).
import { data, useActionData, useLoaderData } from "react-router";
import { DeadLink, SetPasswordForm } from "~/features/accounts/SetPasswordForm";
import { acceptInvitationSchema } from "~/domain/organisations";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { appContext } from "~/request/context.server";
import { readLimitedForm } from "~/request/public-form.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import { localeOfPath, localizedPath, messagesFor, messagesOfRequest, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${messagesFor(localeOfPath(location.pathname)).organisations.accept.metaTitle} — PUSH` },
  // The address carries a secret token: never indexed, never sent to another site.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await appContext(context).backend.organisations.invitationOf(params.token, Date.now());
  return invitation ? { invitation } : data({ invitation: null }, { status: 404 });
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const app = appContext(context);
  const t = messagesOfRequest(request);
  // An unknown, used or expired link is a 404 whatever the form holds, as its page is.
  if (!(await app.backend.organisations.invitationOf(params.token, Date.now())))
    return formFailure({ formError: t.organisations.accept.invalid }, { status: 404 });
  const form = await readLimitedForm(app.cloudflare.env.PASSWORD_RESET_LIMITER, request, app, acceptInvitationSchema(t));
  if ("refused" in form) return form.refused;
  const result = await app.backend.organisations.accept({ token: params.token, password: form.data.password, now: Date.now() });
  if (!result.ok) {
    const formError = result.reason === "account-exists" ? t.organisations.accept.accountExists : t.organisations.accept.invalid;
    return formFailure({ formError }, { status: result.reason === "account-exists" ? 409 : 404 });
  }
  await recordSecurityEvent(app, request, { kind: "account-created", account: result.email, actor: result.email, detail: "by an invitation" });
  // Signing in then lands on the portal in the language the invitation was accepted in (which /Account keeps).
  const locale = localeOfPath(url.pathname);
  return redirectWithToast(
    `${localizedPath(locale, "/Login")}?redirectTo=${encodeURIComponent(localizedPath(locale, "/Account"))}`,
    { type: "success", message: t.organisations.accept.ready },
    { request, config: app.config },
  );
}

export default function Invitation() {
  const t = useMessages().organisations.accept;
  const { invitation } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  if (!invitation) return <DeadLink heading={t.invalidHeading} text={t.invalid} signIn={t.signIn} />;
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{format(t.intro, { organisation: invitation.organisationName, email: invitation.email })}</p>
      <SetPasswordForm id="invitation" email={invitation.email} failure={failure} t={t} />
    </>
  );
}

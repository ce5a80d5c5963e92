// /Account/Preferences (and /ar/Account/Preferences; issue 27): an organisation admin asks for a preferred
// interpreter among those who worked for the organisation. Customers who administer their organisation only (403 for
// others); the page's language is its path's. /Account links here.
import { useActionData } from "react-router";
import { useActionToast } from "~/components/Toasts";
import { PreferenceRequestForm } from "~/features/preferences/PreferenceRequestForm";
import { requestPreference } from "~/features/preferences/preference-request.server";
import { localeOfPath, messagesFor, useMessages } from "~/platform/page/locale";
import { formFailure } from "~/request/action-result.server";
import { appContext } from "~/request/context.server";
import { readForm } from "~/request/forms.server";
import { requireOrganisationAdmin } from "~/request/guards.server";
import type { Route } from "./+types/preferences";

export const meta: Route.MetaFunction = ({ location }) => {
  const t = messagesFor(localeOfPath(location.pathname));
  return [{ title: `${t.preferences.request.heading} — ${t.meta.siteName}` }, { name: "robots", content: "noindex, nofollow" }];
};

export async function loader(args: Route.LoaderArgs) {
  const user = await requireOrganisationAdmin(args);
  const { backend } = appContext(args.context);
  return { interpreters: await backend.preferences.pastInterpreters(user.organisationId) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireOrganisationAdmin(args);
  const messages = messagesFor(localeOfPath(args.url.pathname));
  const formData = await readForm(args.request);
  if (!formData) return formFailure({ formError: messages.errors.notAForm }, { status: 400 });
  return requestPreference({ request: args.request, url: args.url, app: appContext(args.context), formData, user, messages });
}

export default function AccountPreferences({ loaderData }: Route.ComponentProps) {
  const t = useMessages().preferences.request;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  return (
    <>
      <h1>{t.heading}</h1>
      <PreferenceRequestForm interpreters={loaderData.interpreters} failure={failure} />
    </>
  );
}

import { Avatar } from "~/components/Avatar";
import { ar, en, localeAttributes } from "~/i18n";
import { failureToasts, load } from "~/lib/content.server";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireUser } from "~/lib/guards.server";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/profile";
import { appContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => dashboardMeta(en.dashboard.profile);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const languages = await load("the user's languages", () => appContext(args.context).backend.links.forUser(user.id));
  return { user, languages, toasts: failureToasts(languages) };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const f = t.dashboard.fields;
  const { user, languages } = loaderData;
  const profile = user.profile;

  if (!profile) {
    return (
      <p className="empty-state" {...localeAttributes.ar}>
        {ar.dashboard.noUserData}
      </p>
    );
  }
  const list = languages.ok ? languages.value : [];
  return (
    <>
      <h1>{t.dashboard.profileHeading}</h1>
      <section className="profile-card" aria-labelledby="profile-name">
        <Avatar userId={user.id} name={profile.fullName} size={72} />
        <div>
          <h2 id="profile-name">{profile.fullName}</h2>
          <dl className="profile-card__details">
            <dt>{f.email}</dt>
            <dd>{profile.email}</dd>
            <dt>{f.gender}</dt>
            <dd>{profile.gender || "—"}</dd>
            <dt>{f.phone}</dt>
            <dd>{profile.phone || "—"}</dd>
            <dt>{f.department}</dt>
            <dd>{profile.department || "—"}</dd>
          </dl>
        </div>
      </section>

      <h2>{t.dashboard.languagesHeading}</h2>
      {languages.ok && list.length === 0 ? (
        <p className="empty-state" {...localeAttributes.ar}>
          {ar.dashboard.noLanguages}
        </p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.dashboard.languageColumn}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((language) => (
              <tr key={language.id}>
                <td>{language.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

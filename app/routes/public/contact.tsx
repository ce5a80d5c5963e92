import { SocialLinks } from "~/components/SocialLinks";
import { en } from "~/i18n";
import { loadCompanyPage } from "~/lib/content.server";
import { publicPageHeaders } from "~/lib/headers";
import { useMessages } from "~/lib/messages";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { ...en.meta.contact, path: "/Contactus" });

export function loader({ context }: Route.LoaderArgs) {
  return loadCompanyPage(context.backend);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const company = loaderData.company.ok ? loaderData.company.value : null;
  return (
    <main id="main" className="page contact">
      {company?.contactCoverUrl && (
        <img className="contact__cover" src={company.contactCoverUrl} alt="" width={1280} height={560} />
      )}
      <div className="container contact__layout">
        <section aria-labelledby="contact-title" className="contact__details">
          <h1 id="contact-title">{t.contact.heading}</h1>
          <p>{t.contact.intro}</p>
          {company && (
            <>
              <dl className="contact__list">
                <dt>{t.contact.address}</dt>
                <dd>
                  <address>{company.address}</address>
                </dd>
                <dt>{t.contact.email}</dt>
                <dd>
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                </dd>
                {company.phone && (
                  <>
                    <dt>{t.contact.phone}</dt>
                    <dd>
                      <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}>{company.phone}</a>
                    </dd>
                  </>
                )}
              </dl>
              <h2 className="contact__follow">{t.contact.follow}</h2>
              <SocialLinks company={company} className="social-links--large" />
            </>
          )}
        </section>
        {/* The contact form arrives with its relay (the contact-form issue); until then, no dead form. */}
        <section aria-labelledby="contact-form-title" className="contact__form-slot">
          <h2 id="contact-form-title">{t.contact.formHeading}</h2>
          <p>
            {t.contact.formComingSoon}{" "}
            {company && <a href={`mailto:${company.email}`}>{company.email}</a>}
          </p>
        </section>
      </div>
    </main>
  );
}

import { data } from "react-router";
import { ContactForm } from "~/features/contact/ContactForm";
import { ContentImage } from "~/components/ContentImage";
import { SocialLinks } from "~/components/SocialLinks";
import { failureToasts, load, publicCacheHeaders } from "~/request/page-loads.server";
import { publicPageHeaders } from "~/platform/http/headers";
import { companyIn } from "~/domain/content";
import { englishMark } from "~/domain/translations";
import { localeOfPath, messagesOfRequest, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { useNonce } from "~/platform/http/nonce";
import type { Toast } from "~/platform/page/toast";
import type { Route } from "./+types/contact";
import { appContext } from "~/request/context.server";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.contact, path: "/Contactus" }));

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const company = await load("company", async () => {
    const found = await app.backend.content.company();
    return found && companyIn(locale, found);
  });
  // Set when /api/contact could not accept a post made without JavaScript: the form comes back as typed.
  const form = app.contactForm ?? null;
  const formToast: Toast[] = form?.formError ? [{ id: "contact-form", type: "error", message: form.formError }] : [];
  return data(
    { company, form, turnstileSiteKey: app.config.turnstile?.siteKey ?? null, toasts: [...failureToasts(messagesOfRequest(request), company), ...formToast] },
    { headers: form ? { "Cache-Control": "no-store" } : publicCacheHeaders(company) },
  );
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const nonce = useNonce();
  const { form, turnstileSiteKey } = loaderData;
  const company = loaderData.company.ok ? loaderData.company.value : null;
  return (
    <main id="main" className="page contact">
      {company?.contactCover && (
        <ContentImage
          className="contact__cover"
          {...englishMark(company, "contactCoverAlt")}
          picture={company.contactCover}
          fallback={{ alt: "", width: 1280, height: 560 }}
        />
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
                  <address {...englishMark(company, "address")}>{company.address}</address>
                </dd>
                <dt>{t.contact.email}</dt>
                <dd>
                  <a href={`mailto:${company.email}`} dir="ltr">
                    {company.email}
                  </a>
                </dd>
                {company.phone && (
                  <>
                    <dt>{t.contact.phone}</dt>
                    <dd>
                      <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`} dir="ltr">
                        {company.phone}
                      </a>
                    </dd>
                  </>
                )}
              </dl>
              <h2 className="contact__follow">{t.contact.follow}</h2>
              <SocialLinks company={company} className="social-links--large" />
            </>
          )}
        </section>
        <section aria-labelledby="contact-form-title" className="contact__form-slot">
          <h2 id="contact-form-title">{t.contact.formHeading}</h2>
          <ContactForm state={form} turnstileSiteKey={turnstileSiteKey} />
          {turnstileSiteKey && <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />}
        </section>
      </div>
    </main>
  );
}

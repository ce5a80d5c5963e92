import { Link } from "react-router";
import { legalName, type Company, type Shown } from "~/domain/content";
import { format } from "~/i18n";
import { officeMapEmbedUrl, officeMapLinkUrl } from "~/components/map";
import { useLocalizedPath, useMessages } from "~/platform/page/locale";
import { englishMark } from "~/domain/translations";
import { SocialLinks } from "./SocialLinks";

/** SPEC §4: the footer is loading, then loaded or failed. */
export type FooterState = { status: "loading" } | { status: "error"; reference: string } | { status: "loaded"; company: Shown<Company> | null };

export function Footer({ state }: { state: FooterState }) {
  const t = useMessages();
  const href = useLocalizedPath();
  return (
    <footer className="site-footer">
      <div className="container">
        {state.status === "loading" && <p role="status">{t.footer.loading}</p>}
        {state.status === "error" && (
          <p role="alert" className="site-footer__error">
            {t.footer.error}
            {format(t.errors.readFailed, { reference: state.reference })}
          </p>
        )}
        {state.status === "loaded" && state.company && <CompanyDetails company={state.company} />}
        <nav aria-label={t.footer.legalNav} className="site-footer__legal">
          <ul>
            <li>
              <Link to={href("/Privacy")}>{t.footer.privacy}</Link>
            </li>
            <li>
              <Link to={href("/Terms")}>{t.footer.terms}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

function CompanyDetails({ company }: { company: Shown<Company> }) {
  const t = useMessages();
  return (
    <>
      <div className="site-footer__grid">
        <section aria-labelledby="footer-address">
          <h2 id="footer-address">{t.footer.addressHeading}</h2>
          <address {...englishMark(company, "address")}>{company.address}</address>
          <h2 id="footer-email">{t.footer.emailHeading}</h2>
          <p>
            <a href={`mailto:${company.email}`} dir="ltr">
              {company.email}
            </a>
          </p>
          <h2 id="footer-social">{t.footer.socialNav}</h2>
          <SocialLinks company={company} className="social-links--footer" />
        </section>
        <div className="site-footer__map">
          <iframe
            title={format(t.footer.mapTitle, { address: company.address })}
            src={officeMapEmbedUrl()}
            height={600}
            loading="lazy"
            referrerPolicy="no-referrer"
          />
          <a href={officeMapLinkUrl()} rel="noopener noreferrer" target="_blank">
            {t.footer.mapLink}
          </a>
        </div>
      </div>
      <p className="site-footer__copyright">{format(t.footer.copyright, { legalName: legalName(company) })}</p>
    </>
  );
}

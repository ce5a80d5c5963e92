import { legalName, type Company, type Shown } from "~/domain/content";
import { format, formatDate, type Locale } from "~/i18n";
import * as arabic from "~/i18n/ar/legal";
import * as english from "~/i18n/en/legal";
import type { LegalContact, LegalDocument } from "~/i18n/en/legal";
import { useLocale, useMessages } from "~/platform/page/locale";

/** Each legal text in each language (the English version governs; the Arabic one says so first). */
const DOCUMENTS: Record<Locale, Record<"privacy" | "terms", (contact: LegalContact) => LegalDocument>> = {
  en: { privacy: english.privacyPolicy, terms: english.termsAndConditions },
  ar: { privacy: arabic.privacyPolicy, terms: arabic.termsAndConditions },
};

/** The legal texts name the company and show its contact email and phone (SPEC §9). */
function legalContact(company: Shown<Company>): LegalContact {
  return {
    companyName: company.title,
    legalName: legalName(company),
    email: company.email,
    phone: company.phone,
    address: company.address,
  };
}

type LegalPageProps = { company: Shown<Company> | null; document: "privacy" | "terms" };

export function LegalPage({ company, document }: LegalPageProps) {
  const t = useMessages();
  const locale = useLocale();
  if (!company) {
    // The heading alone when the company could not be read (the toast says why).
    return (
      <main id="main" className="container page">
        <h1>{t.meta[document].title}</h1>
        <p>{t.errors.fetchFailed}</p>
      </main>
    );
  }
  return <LegalDocumentView document={DOCUMENTS[locale][document](legalContact(company))} locale={locale} />;
}

function LegalDocumentView({ document, locale }: { document: LegalDocument; locale: Locale }) {
  const t = useMessages();
  return (
    <main id="main" className="container page legal">
      <header className="page__header">
        <h1>{document.title}</h1>
        <p className="legal__meta">
          {format(t.legal.version, { version: document.version })} · {format(t.legal.effective, { date: formatDate(locale, document.effectiveDate) })}
        </p>
      </header>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <nav aria-labelledby="legal-contents" className="legal__contents">
        <h2 id="legal-contents">{t.legal.contents}</h2>
        <ul>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ul>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </main>
  );
}

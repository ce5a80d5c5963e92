import { legalName, type Company } from "~/domain/content";
import { format } from "~/i18n";
import type { LegalContact, LegalDocument } from "~/i18n/en/legal";
import { useMessages } from "~/lib/messages";

/** The legal texts name the company and show its contact email and phone (SPEC §9). */
function legalContact(company: Company): LegalContact {
  return {
    companyName: company.title,
    legalName: legalName(company),
    email: company.email,
    phone: company.phone,
    address: company.address,
  };
}

type LegalPageProps = {
  company: Company | null;
  /** Builds the document from the company's contact details. */
  build: (contact: LegalContact) => LegalDocument;
  /** Heading shown when the company could not be read (the toast says why). */
  fallbackTitle: string;
};

export function LegalPage({ company, build, fallbackTitle }: LegalPageProps) {
  const t = useMessages();
  if (!company) {
    return (
      <main id="main" className="container page">
        <h1>{fallbackTitle}</h1>
        <p>{t.errors.fetchFailed}</p>
      </main>
    );
  }
  return <LegalDocumentView document={build(legalContact(company))} />;
}

function LegalDocumentView({ document }: { document: LegalDocument }) {
  const t = useMessages();
  return (
    <main id="main" className="container page legal">
      <header className="page__header">
        <h1>{document.title}</h1>
        <p className="legal__meta">
          {format(t.legal.version, { version: document.version })} · {format(t.legal.effective, { date: document.effectiveDate })}
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

// The interpreters who can take an appointment, and why the others cannot (issue 25, "Offers"): the page that offers
// an appointment shows both, so staff never wonder why someone was left out.
import { Link } from "react-router";
import { Panel } from "~/components/Panel";
import { plural } from "~/i18n";
import { OfficeTime } from "~/components/OfficeTime";
import { Template } from "~/components/Template";
import { useLocale, useMessages } from "~/platform/page/locale";
import type { Eligibility } from "~/domain/eligibility";

/** `askedFor`: the interpreter the booking asked for ("the same interpreter as last time"), marked as such. */
export function EligibilityPanel({ eligibility, language, askedFor }: { eligibility: Eligibility; language: string; askedFor?: string }) {
  const locale = useLocale();
  const t = useMessages().availability.eligibility;
  // The language and the credential are data: isolated inside the page's sentences.
  const values = {
    language: <bdi>{language}</bdi>,
    credential: <bdi>{eligibility.credential ?? ""}</bdi>,
    until: eligibility.preferredUntil === null ? "" : <OfficeTime at={eligibility.preferredUntil} />,
  };
  const person = (item: { id: string; name: string }) => (
    <Link to={`/Dashboard/Interpreter/${encodeURIComponent(item.id)}`}>
      <bdi>{item.name}</bdi>
    </Link>
  );
  return (
    <Panel id="eligibility-heading" heading={t.heading} sectionId="eligibility">
      <p>
        <Template text={t.intro} values={values} />
      </p>
      <h3 id="eligible-heading">{t.eligible}</h3>
      {eligibility.eligible.length === 0 ? (
        <p className="empty-state">
          <Template text={t.noneEligible} values={values} />
        </p>
      ) : (
        <ul aria-labelledby="eligible-heading" className="eligibility__eligible">
          {eligibility.eligible.map((item) => (
            <li key={item.id}>
              {person(item)}
              {item.preferred && <span className="eligibility__preferred"> — {item.id === askedFor ? t.askedFor : t.preferred}</span>}
            </li>
          ))}
        </ul>
      )}
      {eligibility.ineligible.length > 0 && (
        <>
          <h3 id="ineligible-heading">{t.ineligible}</h3>
          <ul aria-labelledby="ineligible-heading" className="eligibility__ineligible">
            {eligibility.ineligible.map((item) => (
              <li key={item.id}>
                {person(item)}
                <ul className="eligibility__reasons">
                  {item.reasons.map((reason) => (
                    <li key={reason}>
                      <Template text={t.reasons[reason]} values={values} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {eligibility.unlinked > 0 && (
        <p>
          {/* The count is formatted for the locale; the language stays a placeholder until it is isolated. */}
          <Template text={plural(locale, t.unlinked, eligibility.unlinked, { language: "{language}" })} values={values} />
        </p>
      )}
    </Panel>
  );
}

// The interpreters who can take an appointment, and why the others cannot (issue 25, "Offers"): the page that offers
// an appointment shows both, so staff never wonder why someone was left out.
import { Link } from "react-router";
import { Panel } from "~/components/Panel";
import { format, plural } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import type { Eligibility } from "~/domain/eligibility";

export function EligibilityPanel({ eligibility, language }: { eligibility: Eligibility; language: string }) {
  const locale = useLocale();
  const t = useMessages().availability.eligibility;
  const values = { language, credential: eligibility.credential ?? "" };
  const person = (item: { id: string; name: string }) => (
    <Link to={`/Dashboard/Interpreter/${encodeURIComponent(item.id)}`}>
      <bdi>{item.name}</bdi>
    </Link>
  );
  return (
    <Panel id="eligibility-heading" heading={t.heading} sectionId="eligibility">
      <p>{format(t.intro, { language })}</p>
      <h3 id="eligible-heading">{t.eligible}</h3>
      {eligibility.eligible.length === 0 ? (
        <p className="empty-state">{format(t.noneEligible, { language })}</p>
      ) : (
        <ul aria-labelledby="eligible-heading" className="eligibility__eligible">
          {eligibility.eligible.map((item) => (
            <li key={item.id}>{person(item)}</li>
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
                    <li key={reason}>{format(t.reasons[reason], values)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {eligibility.unlinked > 0 && <p>{plural(locale, t.unlinked, eligibility.unlinked, values)}</p>}
    </Panel>
  );
}

import type { Service, Shown } from "~/domain/content";
import { englishMark } from "~/domain/translations";
import { format } from "~/i18n";
import { ContentImage } from "~/components/ContentImage";
import { useLocalizedPath, useMessages } from "~/platform/page/locale";

type Props = {
  service: Shown<Service>;
  expanded: boolean;
  /** Ids of the other expanded cards, so the no-JavaScript form keeps them open. */
  otherOpenIds: number[];
  onToggle: () => void;
  /** The first card: its image is the page's largest paint on a phone, so it loads at once, not lazily. */
  first?: boolean;
};

/**
 * A service card whose arrow toggles the description between 120px and 450px (SPEC §2, §9).
 * The arrow is a real button in a GET form: without JavaScript it reloads /Services with the
 * card open (?open=<id>); with JavaScript the click toggles in place and nothing is fetched.
 */
export function ServiceCard({ service, expanded, otherOpenIds, onToggle, first = false }: Props) {
  const t = useMessages();
  const href = useLocalizedPath();
  const descriptionId = `service-${service.id}-description`;
  return (
    <article className="service-card" id={`service-${service.id}`} aria-labelledby={`service-${service.id}-title`}>
      {service.photo && (
        <ContentImage
          className="service-card__image"
          {...englishMark(service, "photoAlt")}
          picture={service.photo}
          fallback={{ alt: "", width: 640, height: 400 }}
          {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
        />
      )}
      <div className="service-card__body">
        <h2 id={`service-${service.id}-title`} {...englishMark(service, "title")}>
          {service.title}
        </h2>
        <div
          id={descriptionId}
          className="service-card__description"
          data-expanded={expanded}
          // Scrollable when expanded, so it must be reachable by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- that is the one reason for the tabIndex
          tabIndex={expanded ? 0 : undefined}
        >
          <p {...englishMark(service, "description")}>{service.description}</p>
        </div>
        <a
          href={`${href("/Quote")}?service=${service.id}`}
          className="service-card__quote"
          aria-label={format(t.services.requestQuoteFor, { title: service.title })}
        >
          {t.services.requestQuote}
        </a>
        {service.offersCalls && (
          <a href={href("/Book")} className="service-card__quote service-card__call" aria-label={format(t.services.bookFor, { title: service.title })}>
            {t.nav.book}
          </a>
        )}
        {service.offersCalls && (
          <a href={href("/Call")} className="service-card__quote service-card__call" aria-label={format(t.services.callFor, { title: service.title })}>
            {t.nav.call}
          </a>
        )}
        <form method="get" action={`${href("/Services")}#service-${service.id}`} className="service-card__toggle">
          {otherOpenIds.map((id) => (
            <input key={id} type="hidden" name="open" value={id} />
          ))}
          <button
            type="submit"
            {...(expanded ? {} : { name: "open", value: service.id })}
            className="arrow-button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={(event) => {
              event.preventDefault();
              onToggle();
            }}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6.4 8.6 12 14.2l5.6-5.6L19 10l-7 7-7-7Z" fill="currentColor" />
            </svg>
            <span className="visually-hidden">{format(t.services.toggle, { title: service.title })}</span>
          </button>
        </form>
      </div>
    </article>
  );
}

import { format } from "~/i18n";
import type { Company } from "~/domain/content";
import { useMessages } from "~/platform/page/locale";

// Simple glyphs drawn for this site (24x24, currentColor), so no icon library ships to the browser.
const icons = {
  facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.4-.9.9-.9Z",
  instagram:
    "M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9ZM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm5.3-3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  linkedin:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.6 4.77 6V21h-4v-5.1c0-1.22-.02-2.8-1.7-2.8-1.72 0-1.98 1.33-1.98 2.7V21h-4V9.75Z",
} as const;

type Network = keyof typeof icons;

export function SocialLinks({ company, className }: { company: Pick<Company, "facebook" | "instagram" | "linkedin">; className?: string }) {
  const t = useMessages();
  const links = (["facebook", "instagram", "linkedin"] as const).filter((network) => company[network]);
  if (links.length === 0) return null;
  return (
    <ul className={`social-links ${className ?? ""}`}>
      {links.map((network: Network) => (
        <li key={network}>
          <a href={company[network] ?? undefined} rel="noopener noreferrer" target="_blank" className="social-link">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d={icons[network]} fill="currentColor" />
            </svg>
            <span className="visually-hidden">{format(t.social.on, { network: t.social[network] })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

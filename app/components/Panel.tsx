// A titled part of a page: a section named by its heading. The heading takes focus after an action sends the
// browser to #id, so a keyboard or screen-reader user lands where the page changed; `meta` sits beside it (a count).
import type { ReactNode } from "react";

type Props = {
  /** The heading's id: the section's name, and the anchor an action returns to. */
  id: string;
  heading: ReactNode;
  meta?: ReactNode;
  /** The section's own id (an anchor other than the heading's). */
  sectionId?: string;
  children?: ReactNode;
};

export function Panel({ id, heading, meta, sectionId, children }: Props) {
  const title = (
    <h2 id={id} tabIndex={-1}>
      {heading}
    </h2>
  );
  return (
    <section aria-labelledby={id} className="panel" id={sectionId}>
      {meta ? (
        <div className="panel__header">
          {title}
          <p className="panel__meta">{meta}</p>
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}

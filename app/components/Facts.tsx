// A record's facts as a description list: each term with its value, in the order given (an order's, an appointment's).
import { Fragment, type ReactNode } from "react";

export type Fact = [term: string, value: ReactNode];

export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="facts">
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

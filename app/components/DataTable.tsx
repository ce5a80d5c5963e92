// The staff's tables, one way (issue 24): a named region that scrolls sideways on a narrow desktop window, and below
// about 600 px each row becomes a stacked card in which every value carries its column's name (a Cell's label). Rows
// start with a row header (<th scope="row">: a name, an order number), which screen readers announce with each cell.
import { Fragment, type ReactElement, type ReactNode, type TdHTMLAttributes } from "react";

type Props = {
  /** The columns' names; an element is a header cell of its own (a sortable column's <th>); null leaves one out. */
  columns: (string | ReactElement | null | false | undefined)[];
  /** The rows: <tr> elements with a <th scope="row"> and Cells. */
  children: ReactNode;
  /** The region's name: the id of the heading above it, or words. */
  labelledBy?: string;
  label?: string;
  /** Words before the table; visually hidden unless `captionId` names it (the region is then labelled by it). */
  caption?: string;
  captionId?: string;
  className?: string;
};

export function DataTable({ columns, children, labelledBy, label, caption, captionId, className }: Props) {
  return (
    // A region that can scroll must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} aria-label={label} tabIndex={0}>
      <table className={className ? `data-table ${className}` : "data-table"} aria-labelledby={labelledBy} aria-label={label}>
        {caption && (
          <caption id={captionId} className={captionId ? undefined : "visually-hidden"}>
            {caption}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((column, index) =>
              typeof column === "string" ? (
                <th scope="col" key={index}>
                  {column}
                </th>
              ) : (
                column && <Fragment key={index}>{column}</Fragment>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A value of a row; `label` is its column's name, shown above it when the row is a card on a phone. */
export function Cell({ label, children, ...rest }: { label?: string; children?: ReactNode } & TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td data-label={label} {...rest}>
      {children}
    </td>
  );
}

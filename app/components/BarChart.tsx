// A bar chart drawn on the server as SVG, with its figures in a table beside it (issue 26, build item 7: the reports).
// No client script: the page is complete as rendered. The SVG is a picture of the table (role="img", named after the
// figure); the table is what a screen reader and a phone read. In a right-to-left page the first bar is on the right,
// as the table's first column is.
import { useId } from "react";
import { Cell, DataTable } from "./DataTable";

/** A bar: its row in the table (`label`, `shown`), its height (`value`), and a short name under it when the label is long. */
export type Bar = { label: string; value: number; shown: string; tick?: string };

type Props = {
  title: string;
  /** The table's two column names: what each bar is (a month, a language) and what it measures. */
  columns: [string, string];
  bars: readonly Bar[];
  direction: "ltr" | "rtl";
  /** Said instead of the chart when there is nothing to draw. */
  empty: string;
};

const WIDTH = 600;
const HEIGHT = 240;
const TOP = 24; // room for the tallest bar's figure
const BOTTOM = 28; // room for the labels
const GAP = 0.25; // of each slot, between bars
/** The widest a bar is drawn, however few there are: one bar is a bar, not a block. */
const WIDEST = 96;
/** Beyond this many bars the figures above them would run into each other: the table beside the chart has them. */
const FIGURES_UP_TO = 8;

/** The bars' rectangles in the SVG's coordinates: equal slots, heights in proportion to the largest value. */
export function barGeometry(values: readonly number[], direction: "ltr" | "rtl") {
  const plot = HEIGHT - TOP - BOTTOM;
  const largest = Math.max(0, ...values);
  const slot = WIDTH / Math.max(1, values.length);
  return values.map((value, index) => {
    const height = largest > 0 ? (Math.max(0, value) / largest) * plot : 0;
    const position = direction === "rtl" ? values.length - 1 - index : index;
    const width = Math.min(WIDEST, slot * (1 - GAP));
    return { x: position * slot + (slot - width) / 2, width, y: TOP + plot - height, height, centre: position * slot + slot / 2 };
  });
}

export function BarChart({ title, columns, bars, direction, empty }: Props) {
  const titleId = useId();
  if (bars.length === 0)
    return (
      <figure className="bar-chart" aria-labelledby={titleId}>
        <figcaption id={titleId}>{title}</figcaption>
        <p>{empty}</p>
      </figure>
    );
  const geometry = barGeometry(
    bars.map((bar) => bar.value),
    direction,
  );
  return (
    <figure className="bar-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="xMidYMid meet">
        {bars.map((bar, index) => {
          const { x, width, y, height, centre } = geometry[index]!;
          return (
            <g key={bar.label}>
              <rect className="bar-chart-bar" x={x} y={y} width={width} height={height} />
              {bars.length <= FIGURES_UP_TO && (
                <text className="bar-chart-figure" x={centre} y={y - 6} textAnchor="middle">
                  {bar.shown}
                </text>
              )}
              <text className="bar-chart-label" x={centre} y={HEIGHT - 8} textAnchor="middle">
                {bar.tick ?? bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <DataTable columns={columns} labelledBy={titleId}>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row">{bar.label}</th>
            <Cell label={columns[1]}>{bar.shown}</Cell>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}

// The reports' bar chart (issue 26, build item 7), as the server renders it: one bar per figure, in proportion, the
// first on the right in a right-to-left page, and every figure in the table beside it.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, barGeometry } from "~/components/BarChart";

const bars = [
  { label: "Sep", value: 120_000, shown: "$1,200.00" },
  { label: "Oct", value: 0, shown: "$0.00" },
  { label: "Nov", value: 60_000, shown: "$600.00" },
];

describe("bar geometry", () => {
  it("the largest figure fills the plot; the others in proportion; zero is no bar", () => {
    const [sep, oct, nov] = barGeometry(
      bars.map((bar) => bar.value),
      "ltr",
    );
    expect(sep!.height).toBe(188); // 240 − 24 above − 28 below
    expect(nov!.height).toBe(94);
    expect(oct!.height).toBe(0);
    expect(sep!.y + sep!.height).toBe(nov!.y + nov!.height); // one baseline
    expect(sep!.x).toBeLessThan(oct!.x);
  });

  it("right to left: the first figure is the rightmost bar", () => {
    const [sep, , nov] = barGeometry(
      bars.map((bar) => bar.value),
      "rtl",
    );
    expect(sep!.x).toBeGreaterThan(nov!.x);
  });

  it("a bar is at most 96 wide, centred in its slot: one figure is a bar, not a block", () => {
    const [only] = barGeometry([5], "ltr");
    expect(only).toMatchObject({ width: 96, x: 252, centre: 300 });
  });

  it("nothing but zeros draws no bars rather than dividing by zero", () => {
    expect(barGeometry([0, 0], "ltr").map((bar) => bar.height)).toEqual([0, 0]);
  });
});

describe("BarChart", () => {
  const html = renderToString(<BarChart title="Revenue by month" columns={["Month", "Revenue"]} bars={bars} direction="ltr" empty="No revenue yet." />);

  it("a named picture and a table of the same figures", () => {
    expect(html).toMatch(
      /<figure class="bar-chart" aria-labelledby="([^"]+)"><figcaption id="\1">Revenue by month<\/figcaption><svg[^>]* role="img" aria-labelledby="\1"/,
    );
    expect(html.match(/<rect /g)).toHaveLength(3);
    for (const bar of bars) expect(html).toContain(`<th scope="row">${bar.label}</th><td data-label="Revenue">${bar.shown}</td>`);
  });

  it("says so when there is nothing to draw", () => {
    const none = renderToString(<BarChart title="Revenue by month" columns={["Month", "Revenue"]} bars={[]} direction="ltr" empty="No revenue yet." />);
    expect(none).toContain("<p>No revenue yet.</p>");
    expect(none).not.toContain("<svg");
  });
});

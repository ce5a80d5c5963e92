// The JavaScript each public page makes the browser download, gzip-compressed: at most 90 KB
// (external scripts and inline script text alike). Prints the figure per page.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "./support";

const BUDGET_BYTES = 90 * 1024;

test("every public page downloads at most 90 KB of gzip-compressed JavaScript", async ({ page }) => {
  const rows: string[] = [];
  for (const { path } of PUBLIC_PAGES) {
    const scripts: Buffer[] = [];
    const onResponse = async (response: import("@playwright/test").Response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.body());
    };
    page.on("response", onResponse);
    await page.goto(path, { waitUntil: "networkidle" });
    page.off("response", onResponse);
    const inline = await page.locator("script:not([src])").evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
    const gzipped = [...scripts, ...inline.map((text) => Buffer.from(text))].reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
    rows.push(`${path.padEnd(12)} ${String(scripts.length).padStart(2)} files + ${inline.length} inline  ${(gzipped / 1024).toFixed(1).padStart(6)} KB gzip`);
    expect(gzipped, `${path} JavaScript`).toBeLessThanOrEqual(BUDGET_BYTES);
  }
  console.log(`JavaScript per public page (budget 90 KB gzip):\n${rows.join("\n")}`);
});

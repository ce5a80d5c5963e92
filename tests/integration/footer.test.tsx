// The footer's three states (SPEC §4): loading, loaded, error.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer, type FooterState } from "~/components/Footer";
import type { Company, Shown } from "~/domain/content";

const company: Shown<Company> = {
  title: "PUSH",
  description: "",
  address: "30 N Gould St, Sheridan, WY 82801, USA",
  email: "contact@pushlanguages.com",
  phone: null,
  facebook: "https://www.facebook.com/p",
  instagram: "https://www.instagram.com/p",
  linkedin: null,
  homeCover: null,
  contactCover: null,
  inEnglish: [],
};

function render(state: FooterState): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Footer state={state} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("Footer", () => {
  it("says 'Loading footer...' while pending", () => {
    const html = render({ status: "loading" });
    expect(html).toContain("Loading footer...");
    expect(html).not.toContain("Error loading footer");
  });

  it("shows 'Error loading footer: ' followed by the reason and its reference on failure", () => {
    const html = render({ status: "error", reference: "0a1b2c3d" });
    expect(html).toContain("Error loading footer: <!-- -->the content could not be read just now (reference 0a1b2c3d).");
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/Privacy"');
  });

  it("shows the company's details, the map and only the social links it has", () => {
    const html = render({ status: "loaded", company });
    expect(html).toContain("30 N Gould St, Sheridan, WY 82801, USA");
    expect(html).toContain('href="mailto:contact@pushlanguages.com"');
    expect(html).toContain("© 2025 PUSH LLC, a limited liability company. All rights reserved.");
    expect(html).toMatch(/<iframe[^>]+height="600"[^>]+loading="lazy"/);
    expect(html).toContain("PUSH on Instagram");
    expect(html).not.toContain("PUSH on LinkedIn");
  });
});

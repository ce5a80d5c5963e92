// Progressive enhancement for pages that are not hydrated (the public pages): the same behaviour
// the React components give a hydrated page, in a few hundred bytes of plain DOM code.
// The function is serialized into an inline, nonce'd <script>, so it must not use anything
// from outside its own body.

export function enhancePublicPage(): void {
  // Phone menu: the Menu button shows and hides the links (the CSS folds them when scripts run).
  const toggle = document.querySelector<HTMLButtonElement>(".nav-toggle");
  const nav = document.getElementById("site-nav");
  if (toggle && nav) {
    const setOpen = (open: boolean) => {
      toggle.setAttribute("aria-expanded", String(open));
      nav.dataset.open = String(open);
    };
    toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
    toggle.addEventListener("keydown", (event) => {
      if (event.key === "Escape") setOpen(false);
    });
  }

  // Service cards: the arrow toggles the description in place instead of reloading the page.
  for (const button of document.querySelectorAll<HTMLButtonElement>(".service-card .arrow-button")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const description = document.getElementById(button.getAttribute("aria-controls") ?? "");
      if (!description) return;
      const expanded = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(expanded));
      description.dataset.expanded = String(expanded);
      if (expanded) description.tabIndex = 0;
      else description.removeAttribute("tabindex");
    });
  }
}

export const ENHANCE_PUBLIC_PAGE_SCRIPT = `(${enhancePublicPage.toString()})();`;

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

  // A toast like the server-rendered ones (SPEC §9: success 2 s, error 4 s).
  const showToast = (message: string, type: "success" | "error") => {
    let region = document.querySelector<HTMLElement>(".flash-notices");
    if (!region) {
      region = document.createElement("div");
      region.className = "flash-notices";
      document.body.appendChild(region);
    }
    const toast = document.createElement("p");
    toast.className = `flash-notice flash-notice--${type}`;
    toast.setAttribute("role", type === "error" ? "alert" : "status");
    toast.textContent = message;
    region.appendChild(toast);
    setTimeout(() => toast.remove(), type === "success" ? 2000 : 4000);
  };

  // Contact form: sent with fetch, answered in place (errors next to their fields, a toast, the form reset).
  const contact = document.getElementById("contact-form") as HTMLFormElement | null;
  if (contact) {
    const button = contact.querySelector<HTMLButtonElement>("button[type=submit]");
    const setError = (field: HTMLElement, message: string | undefined) => {
      const id = `${field.id}-error`;
      let error = document.getElementById(id);
      const describedBy = (field.getAttribute("aria-describedby") ?? "").split(" ").filter((token) => token && token !== id);
      if (message) {
        if (!error) {
          error = document.createElement("p");
          error.id = id;
          error.className = "field__error";
          field.insertAdjacentElement("afterend", error);
        }
        error.textContent = message;
        field.setAttribute("aria-invalid", "true");
        describedBy.push(id);
      } else {
        error?.remove();
        field.removeAttribute("aria-invalid");
      }
      if (describedBy.length) field.setAttribute("aria-describedby", describedBy.join(" "));
      else field.removeAttribute("aria-describedby");
    };

    const send = async (event: SubmitEvent) => {
      event.preventDefault();
      if (!button || button.disabled) return;
      const label = button.textContent;
      button.disabled = true;
      button.textContent = contact.dataset.pendingLabel ?? label;
      contact.querySelector("[role=alert]")?.remove();
      try {
        const response = await fetch(contact.action, { method: "POST", body: new FormData(contact), headers: { Accept: "application/json" } });
        const result = await response.json<{ ok: boolean; message?: string; formError?: string | null; errors?: Record<string, string> }>();
        const fields = [...contact.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[id^=contact-]:not([tabindex='-1']), textarea")];
        for (const field of fields) setError(field, result.errors?.[field.name]);
        if (result.ok) {
          contact.reset();
          showToast(result.message ?? "", "success");
        } else {
          const firstInvalid = fields.find((field) => result.errors?.[field.name]);
          const summary = result.formError ?? (firstInvalid ? result.errors?.[firstInvalid.name] : undefined);
          if (summary) showToast(summary, "error");
          firstInvalid?.focus();
        }
      } catch {
        // Nothing was stored: the form keeps what was typed.
        showToast(contact.dataset.failureMessage ?? "", "error");
      } finally {
        button.disabled = false;
        button.textContent = label;
      }
    };
    // Every failure is caught inside (the form keeps what was typed): nothing waits for the promise.
    contact.addEventListener("submit", (event) => void send(event));
  }
}

export const ENHANCE_PUBLIC_PAGE_SCRIPT = `(${enhancePublicPage.toString()})();`;

import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * After a navigation to #some-id, move keyboard focus there (the element needs tabIndex -1, or holds a
 * field marked data-autofocus, or is a section named by a heading with tabIndex -1: a Panel's sectionId), so that
 * after each action focus lands on what changed. Without JavaScript the browser scrolls to it.
 */
export function useFocusOnHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // A row in edit mode marks the field to start in; a section cannot take focus itself, its heading does.
    const labelledBy = target && !target.hasAttribute("tabindex") ? target.getAttribute("aria-labelledby") : null;
    const heading = labelledBy ? document.getElementById(labelledBy) : null;
    const preferred = target?.querySelector<HTMLElement>("[data-autofocus]") ?? (heading?.hasAttribute("tabindex") ? heading : target);
    preferred?.focus({ preventScroll: false });
  }, [hash, key]);
}

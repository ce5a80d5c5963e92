import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * After a navigation to #some-id, move keyboard focus there (the element needs tabIndex -1, or holds a
 * field marked data-autofocus), so that after each action focus lands on what changed. Without
 * JavaScript the browser scrolls to it.
 */
export function useFocusOnHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // A row in edit mode marks the field to start in.
    const preferred = target?.querySelector<HTMLElement>("[data-autofocus]") ?? target;
    preferred?.focus({ preventScroll: false });
  }, [hash, key]);
}

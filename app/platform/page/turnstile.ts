// Turnstile on a form that appears after the page has loaded (the call starter: it renders once the page runs).
// The script's automatic scan of `.cf-turnstile` happens once, at its own load, and may come before or after this
// form exists, so the widget is rendered explicitly into a container without that class (Cloudflare's "explicit
// rendering"), and reset after each use: a token is good for one check.
import { useEffect, useRef } from "react";

type TurnstileApi = {
  render(container: HTMLElement, params: { sitekey: string }): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Waits for the page's Turnstile script (loaded async), up to a minute. */
const SCRIPT_WAIT = { everyMs: 100, tries: 600 };

export function useTurnstileWidget(siteKey: string | null) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  useEffect(() => {
    if (!siteKey) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > SCRIPT_WAIT.tries) return clearInterval(timer);
      if (!window.turnstile || !container.current) return;
      clearInterval(timer);
      widget.current = window.turnstile.render(container.current, { sitekey: siteKey }) ?? null;
    }, SCRIPT_WAIT.everyMs);
    return () => {
      clearInterval(timer);
      if (widget.current) window.turnstile?.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey]);
  return {
    container,
    /** A fresh challenge for the next call (the last token has been spent). */
    reset: () => {
      if (widget.current) window.turnstile?.reset(widget.current);
    },
  };
}

// "Print" on the customer's invoice page: the browser's print dialog, which the print stylesheet turns into the invoice
// alone. Shown only once the page is hydrated: without JavaScript the button could do nothing (the browser's own Print
// prints the same).
import { useHydrated } from "~/platform/page/hydration";

export function PrintButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="button button--ghost" onClick={() => window.print()}>
      {label}
    </button>
  );
}

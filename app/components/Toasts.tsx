import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import { useMatches } from "react-router";
import { TOAST_DURATION_MS, TOAST_LIMIT, type Toast } from "~/platform/page/toast";
import { useHydrated } from "~/platform/page/hydration";

/** Toasts of the current page: the flash toast (root loader) and notices any loader returns as `toasts`. */
function usePageToasts(): Toast[] {
  const byId = new Map<string, Toast>();
  for (const match of useMatches()) {
    const data = match.loaderData as { flashToast?: Toast | null; toasts?: Toast[] } | undefined;
    for (const item of [data?.flashToast, ...(data?.toasts ?? [])]) if (item) byId.set(item.id, item);
  }
  return [...byId.values()].slice(-TOAST_LIMIT);
}

const show = {
  success: toast.success,
  error: toast.error,
  loading: toast.loading,
  blank: toast,
} satisfies Record<Toast["type"], (message: string, options: { id: string }) => string>;

/** The one way a hydrated page shows a toast (a page that is not hydrated draws the same notice: platform/page/enhance.ts). */
const showToast = (item: Toast) => show[item.type](item.message, { id: item.id });

/** Shows an action's toast once per response. */
export function useActionToast(item: Toast | null | undefined) {
  useEffect(() => {
    if (item) showToast(item);
  }, [item]);
}

/**
 * The page's toasts. The server renders them as plain notices (what a visitor without JavaScript,
 * or on a page that is not hydrated, sees; CSS hides each after its duration). Once React runs,
 * react-hot-toast takes over and the plain notices go.
 */
export function Toasts() {
  const toasts = usePageToasts();
  const hydrated = useHydrated();
  const key = toasts.map((item) => item.id).join(" ");

  useEffect(() => {
    for (const item of toasts) showToast(item);
    // `key` names the set of toasts; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (hydrated) {
    return (
      <Toaster
        position="top-center"
        containerClassName="toasts"
        toastOptions={{
          success: { duration: TOAST_DURATION_MS.success },
          error: { duration: TOAST_DURATION_MS.error },
          loading: { duration: TOAST_DURATION_MS.loading },
          blank: { duration: TOAST_DURATION_MS.blank },
          custom: { duration: TOAST_DURATION_MS.custom },
        }}
      />
    );
  }
  if (toasts.length === 0) return null;
  return (
    <div className="flash-notices">
      {toasts.map((item) => (
        <p key={item.id} role={item.type === "error" ? "alert" : "status"} className={`flash-notice flash-notice--${item.type}`}>
          {item.message}
        </p>
      ))}
    </div>
  );
}

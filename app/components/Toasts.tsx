import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import { useMatches } from "react-router";
import { TOAST_DURATION_MS, type Toast } from "~/lib/toast";

/** Toasts of the current page: the flash toast (root loader) and notices any loader returns as `toasts`. */
function usePageToasts(): Toast[] {
  const byId = new Map<string, Toast>();
  for (const match of useMatches()) {
    const data = match.loaderData as { flashToast?: Toast | null; toasts?: Toast[] } | undefined;
    for (const item of [data?.flashToast, ...(data?.toasts ?? [])]) if (item) byId.set(item.id, item);
  }
  return [...byId.values()];
}

const show = {
  success: toast.success,
  error: toast.error,
  loading: toast.loading,
  blank: toast,
} satisfies Record<Toast["type"], (message: string, options: { id: string }) => string>;

export function Toasts() {
  const toasts = usePageToasts();
  const key = toasts.map((item) => item.id).join(" ");

  useEffect(() => {
    for (const item of toasts) show[item.type](item.message, { id: item.id });
    // `key` names the set of toasts; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <>
      {/* Without JavaScript the same messages are part of the page (hidden by CSS when scripts run). */}
      {toasts.length > 0 && (
        <div className="flash-notices" role="status">
          {toasts.map((item) => (
            <p key={item.id} className={`flash-notice flash-notice--${item.type}`}>
              {item.message}
            </p>
          ))}
        </div>
      )}
      <Toaster
        position="top-center"
        toastOptions={{
          success: { duration: TOAST_DURATION_MS.success },
          error: { duration: TOAST_DURATION_MS.error },
          loading: { duration: TOAST_DURATION_MS.loading },
          blank: { duration: TOAST_DURATION_MS.blank },
          custom: { duration: TOAST_DURATION_MS.custom },
        }}
      />
    </>
  );
}

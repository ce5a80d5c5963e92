// Flash toasts: an action (or a loader) stores one message in a short-lived signed cookie and redirects;
// the next page shows it once. This is what makes messages work without JavaScript too.
import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import type { AppConfig } from "~/platform/core/config.server";
import type { Toast } from "~/platform/page/toast";
import { siteCookie } from "~/platform/core/transport.server";

const FLASH_KEY = "toast";
const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "blank", "loading"]).default("blank"),
  message: z.string().min(1),
});

export type ToastInput = z.input<typeof toastSchema>;

/** The cookie is HttpOnly, SameSite=Lax, and (but on a local plain-HTTP address) Secure with the __Host- prefix. */
function flashStorage(request: Request, config: AppConfig) {
  return createCookieSessionStorage<Record<string, never>, { toast: unknown }>({
    cookie: siteCookie(request, "push-toast", { maxAgeSeconds: 60, secret: config.SESSION_SECRET }),
  });
}

/** Reads and consumes the flash toast. Forward `headers` (they clear the cookie) when a toast was found. */
export async function readFlashToast(request: Request, config: AppConfig): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = flashStorage(request, config);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const raw = session.get(FLASH_KEY);
  if (raw === undefined) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await storage.destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** Headers that set a flash toast for the next page. */
export async function flashToastHeaders(request: Request, config: AppConfig, toast: ToastInput): Promise<Headers> {
  const storage = flashStorage(request, config);
  const session = await storage.getSession();
  session.flash(FLASH_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  { request, config, headers }: { request: Request; config: AppConfig; headers?: HeadersInit },
): Promise<Response> {
  const merged = new Headers(headers);
  for (const [name, value] of await flashToastHeaders(request, config, toast)) merged.append(name, value);
  return redirect(url, { headers: merged });
}

// Per-client rate limits with the Workers rate-limit binding. In production Cloudflare sets
// CF-Connecting-IP itself (a client cannot choose it); locally miniflare sets it to the client's address.

export type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

export const RATE_LIMITED_RETRY_AFTER_SECONDS = 60;

export async function withinRateLimit(limiter: Limiter, request: Request): Promise<boolean> {
  const key = request.headers.get("CF-Connecting-IP") ?? "unknown-client";
  const { success } = await limiter.limit({ key });
  return success;
}

// The Cloudflare Worker: small worker routes first, everything else to React Router.
import { createRequestHandler } from "react-router";
import { createRequestContext } from "../app/lib/context.server";
import { withSecurityHeaders } from "../app/lib/security-headers.server";
import { isMediaRequest, serveMedia } from "./media";

const handleWithReactRouter = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    if (isMediaRequest(new URL(request.url))) {
      return withSecurityHeaders(await serveMedia(request, env.MEDIA), { request });
    }
    const context = createRequestContext(request, env, ctx);
    const response = await handleWithReactRouter(request, context);
    // A POST answered without reading its body (405 on a route without an action) leaves that body on the
    // kept-alive connection, and wrangler's local proxy then fails the connection's next request with 503.
    if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => {});
    return withSecurityHeaders(response, { nonce: context.nonce, request });
  },
} satisfies ExportedHandler<Env>;

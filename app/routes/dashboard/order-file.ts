// /Dashboard/Orders/<id>/files/<fileId> — a file of an order, for administrators and for the interpreter the order
// is assigned to; anyone else signed in gets 403 (and learns nothing about the order), a file of another order 404.
import { data } from "react-router";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import { downloadResponse } from "~/features/orders/order-files.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import type { Route } from "./+types/order-file";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const app = appContext(args.context);
  const [orderId, fileId] = [Number(args.params.orderId), Number(args.params.fileId)];
  const valid = Number.isSafeInteger(orderId) && orderId > 0 && Number.isSafeInteger(fileId) && fileId > 0;
  const allowed = valid && (user.role === "admin" || (await app.backend.orders.job(user.id, orderId)) !== null);
  if (!allowed) {
    await recordSecurityEvent(app, args.request, { kind: "forbidden", account: user.email, actor: user.email, detail: `GET ${args.url.pathname}` });
    throw data({ reason: "not-yours" }, { status: 403, statusText: "Forbidden" });
  }
  const file = await app.backend.orders.file(orderId, fileId);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(app.backend.files, file);
}

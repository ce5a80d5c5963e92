// /Account/Orders/<id>/files/<fileId> (issue 27): a file of one of the organisation's orders (its documents, the
// delivery). The order is read through the organisation first: another organisation's order or file is a plain 404.
import { data } from "react-router";
import { positiveInt } from "~/domain/paging";
import { portalOrderOf } from "~/features/account/portal-records.server";
import { downloadResponse } from "~/features/orders/order-files.server";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/order-file";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const order = await portalOrderOf(app, user, args.params.orderId);
  const fileId = positiveInt(args.params.fileId ?? null);
  const file = fileId === null ? null : await app.backend.orders.file(order.id, fileId);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(app.backend.files, file);
}

// /Quote/<token>/files/<id> — a file of the customer's own order (their documents, the delivery), for whoever holds
// the status link: an unknown or revoked token, or a file of another order, is a plain 404.
import { data } from "react-router";
import { appContext } from "~/request/context.server";
import { downloadResponse } from "~/features/orders/order-files.server";
import type { Route } from "./+types/quote-file";
import { orderOfToken } from "~/features/orders/quote-status.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const order = await orderOfToken(app, params.token);
  const fileId = Number(params.fileId);
  const file = Number.isSafeInteger(fileId) && fileId > 0 ? await app.backend.orders.file(order.id, fileId) : null;
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(app.backend.files, file);
}

// Relaying e-mails about appointments (issue 25) through the orders' outbox relay: right after the response that
// stored them (the cron retries what fails), each with the customer's link filled in as it leaves.
import type { AppointmentStore, OrderStore } from "~/backend/port.server";
import type { RequestContext } from "~/request/context.server";
import { orderLinks, relayAfterResponse, type LinkFiller } from "~/features/orders/order-mail-relay.server";
import { withAppointmentLink } from "./appointment-mail.server";

/** Every link the outbox holds: an appointment's mail gets its appointment's, an order's its order's. */
export const outboxLinks = (
  { orders, appointments }: { orders: Pick<OrderStore, "get">; appointments: Pick<AppointmentStore, "get"> },
  secret: string,
): LinkFiller => {
  const ofOrders = orderLinks(orders, secret);
  return (mail) => (mail.appointmentId ? withAppointmentLink(mail, appointments, secret) : ofOrders(mail));
};

/** After the response that stored an appointment's change: its due e-mails. */
export function relayAppointmentMails(app: RequestContext, appointmentId: number) {
  const { backend, config } = app;
  relayAfterResponse(app.cloudflare.ctx, backend.mail, config, {
    mailsOf: () => backend.mail.forAppointment(appointmentId),
    fill: (mail) => withAppointmentLink(mail, backend.appointments, config.SESSION_SECRET),
    what: `appointment ${appointmentId}`,
  });
}

import type { Call } from "~/domain/calls";
import { useMessages } from "~/platform/page/locale";

/** Who is calling, in which language, how, and in which room. */
export function CallDetails({ call, className }: { call: Call; className?: string }) {
  const c = useMessages().dashboard.call;
  return (
    <dl className={className}>
      <dt>{c.customer}</dt>
      <dd>{call.customer}</dd>
      <dt>{c.language}</dt>
      <dd>{call.language}</dd>
      <dt>{c.type}</dt>
      <dd>{call.type}</dd>
      <dt>{c.room}</dt>
      <dd>{call.roomId}</dd>
    </dl>
  );
}

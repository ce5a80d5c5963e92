// The services in their public order. Without JavaScript each row has Move up / Move down buttons (forms); with it,
// the arrow keys on a row's handle move it too. A move redirects to #service-<id>, and the focus lands on that
// service's handle (data-autofocus, useFocusOnHash), so the keys can go on moving it.
import type { KeyboardEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { SubmitButton } from "~/components/forms";
import type { ServiceFields } from "~/domain/studio";
import { format } from "~/i18n";
import { useHydrated } from "~/platform/page/hydration";
import { useMessages } from "~/platform/page/locale";
import type { Shown } from "./RecordForms";

export function ServiceList({ services }: { services: Shown<ServiceFields>[] }) {
  const t = useMessages().studio.services;
  const submit = useSubmit();
  const navigation = useNavigation();
  // The handle does something only with JavaScript: without it, it is not shown at all.
  const scripted = useHydrated();

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, id: number) => {
    const direction = event.key === "ArrowUp" ? "up" : event.key === "ArrowDown" ? "down" : null;
    if (!direction || navigation.state !== "idle") return;
    event.preventDefault();
    void submit({ intent: "move-service", id: String(id), direction }, { method: "post", preventScrollReset: true });
  };

  if (services.length === 0) return <p className="empty-state">{t.empty}</p>;
  return (
    <>
      {scripted && (
        <p className="field__hint" id="reorder-hint">
          {t.reorderHint}
        </p>
      )}
      <ol className="studio-services">
        {services.map((service, index) => {
          const title = service.fields.title;
          return (
            <li key={service.id} id={`service-${service.id}`} tabIndex={-1} className="studio-services__item">
              {scripted && (
                <button
                  type="button"
                  className="studio-services__handle"
                  aria-label={format(t.handleLabel, { title })}
                  aria-describedby="reorder-hint"
                  data-autofocus
                  onKeyDown={(event) => onHandleKey(event, service.id)}
                >
                  <span aria-hidden="true">⇅</span>
                </button>
              )}
              {service.fields.photo && <img src={service.fields.photo.url} alt="" width={96} height={60} loading="lazy" className="studio-services__thumb" />}
              <span className="studio-services__title">
                <bdi>{title}</bdi> <span className="field__hint">({format(t.position, { position: index + 1, count: services.length })})</span>
              </span>
              <span className="studio-services__actions">
                {(["up", "down"] as const).map((direction) => {
                  const disabled = direction === "up" ? index === 0 : index === services.length - 1;
                  if (disabled) return null;
                  return (
                    <Form method="post" key={direction} preventScrollReset>
                      <input type="hidden" name="id" value={service.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <SubmitButton
                        intent="move-service"
                        rowId={String(service.id)}
                        className="button--ghost"
                        label={direction === "up" ? t.moveUp : t.moveDown}
                        pendingLabel={direction === "up" ? t.moveUp : t.moveDown}
                        accessibleName={format(direction === "up" ? t.moveUpLabel : t.moveDownLabel, { title })}
                      />
                    </Form>
                  );
                })}
                <Link to={`?service=${service.id}#service-editor`} className="button button--ghost" aria-label={format(t.editLabel, { title })}>
                  {t.edit}
                </Link>
                <Link to={`?delete=${service.id}#services-list`} className="button button--ghost" aria-label={format(t.deleteLabel, { title })}>
                  {t.delete}
                </Link>
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

// /Dashboard/Website, the content studio (admins only): the company, the about page and the services, as the public
// site shows them. `?service=<id>` opens a service's editor and history; `?delete=<id>` asks before deleting one.
import type { ReactNode } from "react";
import { Form, Link, useActionData } from "react-router";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { FormAlert, SubmitButton } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { AboutEditor, CompanyEditor, failureOf, ServiceEditor, type Shown } from "~/features/studio/RecordForms";
import { ServiceList } from "~/features/studio/ServiceList";
import { HistoryPanel } from "~/features/studio/StudioParts";
import type { MediaFolder } from "~/domain/content";
import { formValuesOf, IMAGE_SLOTS, VERSIONS_KEPT, type FieldsOf, type StudioRecord, type Versioned } from "~/domain/studio";
import { format, plural } from "~/i18n";
import type { MediaStore } from "~/backend/port.server";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import type { FormFailure } from "~/platform/page/form-failure";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/website";
import { createService, deleteService, moveService, restoreVersion, saveAbout, saveCompany, saveService } from "~/features/studio/website.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.studio.heading);

/** The record with each image's URL, for showing it in its form. */
function shown<R extends StudioRecord>(record: R, versioned: Versioned<FieldsOf<R>>, media: MediaStore) {
  const fields: Record<string, unknown> = { ...versioned.fields };
  for (const { key, folder } of IMAGE_SLOTS[record] as readonly { key: string; folder: MediaFolder }[]) {
    const image = fields[key] as { file: string } | null;
    fields[key] = image ? { ...image, url: media.url(folder, image.file) } : null;
  }
  return { ...versioned, fields, values: formValuesOf(record, versioned.fields) } as unknown as Shown<FieldsOf<R>> & { values: Record<string, string> };
}

const positiveId = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { studio, media } = appContext(args.context).backend;
  const editing = positiveId(args.url.searchParams.get("service"));
  const deleting = positiveId(args.url.searchParams.get("delete"));
  const [company, about, services] = await Promise.all([
    load("the company", () => studio.company()),
    load("the about page", () => studio.about()),
    load("the services", () => studio.services()),
  ]);
  const history = <R extends StudioRecord>(record: R, id: number | undefined) =>
    load(`the ${record} history`, async () => (id === undefined ? [] : studio.history(record, id)));
  const editedService = services.ok ? services.value.find((service) => service.id === editing) : undefined;
  const [companyHistory, aboutHistory, serviceHistory] = await Promise.all([
    history("company", company.ok ? company.value?.id : undefined),
    history("about", about.ok ? about.value?.id : undefined),
    history("service", editedService?.id),
  ]);
  return {
    company: company.ok && company.value ? shown("company", company.value, media) : null,
    about: about.ok && about.value ? shown("about", about.value, media) : null,
    services: services.ok ? services.value.map((service) => shown("service", service, media)) : [],
    editing: editedService ? shown("service", editedService, media) : null,
    deleting: services.ok ? (services.value.find((service) => service.id === deleting) ?? null) : null,
    histories: {
      company: companyHistory.ok ? companyHistory.value : [],
      about: aboutHistory.ok ? aboutHistory.value : [],
      service: serviceHistory.ok ? serviceHistory.value : [],
    },
    toasts: failureToasts(messagesFor(admin.locale), company, about, services, companyHistory, aboutHistory, serviceHistory),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent(
    { ...args, user: admin },
    {
      "save-company": saveCompany,
      "save-about": saveAbout,
      "create-service": createService,
      "save-service": saveService,
      "delete-service": deleteService,
      "move-service": moveService,
      restore: restoreVersion,
    },
  );
}

/** One area of the studio: a section named by its heading, which a link's #id can focus. */
function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel">
      <h2 id={id} tabIndex={-1}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

const describeText = (fields: { title?: string; description: string }) =>
  [fields.title, fields.description.length > 140 ? `${fields.description.slice(0, 140)}…` : fields.description].filter(Boolean).join(" — ");

export default function Website({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useMessages().studio;
  const { company, about, services, editing, deleting, histories } = loaderData;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const unplaced = failure && !["save-company", "save-about", "create-service", "save-service"].includes(failure.intent ?? "") ? failure : null;

  return (
    <>
      <h1>{t.heading}</h1>
      <p>{plural(locale, t.intro, VERSIONS_KEPT)}</p>
      <FormAlert message={unplaced?.formError} />

      {company && (
        <Panel id="company" heading={t.company.heading}>
          <CompanyEditor record={company} values={company.values} failure={failureOf(failure, "save-company")} intent="save-company" />
          <HistoryPanel record="company" id={company.id} currentVersion={company.version} versions={histories.company} describe={describeText} />
        </Panel>
      )}

      {about && (
        <Panel id="about" heading={t.about.heading}>
          <AboutEditor record={about} values={about.values} failure={failureOf(failure, "save-about")} intent="save-about" />
          <HistoryPanel record="about" id={about.id} currentVersion={about.version} versions={histories.about} describe={describeText} />
        </Panel>
      )}

      <Panel id="services-list" heading={t.services.heading}>
        <p>{t.services.intro}</p>
        {deleting && (
          <div className="studio-confirm" role="group" aria-labelledby="delete-heading">
            <h3 id="delete-heading">{format(t.services.confirmHeading, { title: deleting.fields.title })}</h3>
            <p>{t.services.confirmText}</p>
            <Form method="post" preventScrollReset className="studio-confirm__actions">
              <input type="hidden" name="id" value={deleting.id} />
              <SubmitButton intent="delete-service" label={t.services.confirm} pendingLabel={t.services.confirm} className="button--danger" />
              <Link to="?#services-list" className="button button--ghost">
                {t.services.cancel}
              </Link>
            </Form>
          </div>
        )}
        <ServiceList services={services} />
      </Panel>

      {editing && (
        <Panel id="service-editor" heading={format(t.services.editHeading, { title: editing.fields.title })}>
          <ServiceEditor record={editing} values={editing.values} failure={failureOf(failure, "save-service", editing.id)} intent="save-service" />
          <HistoryPanel record="service" id={editing.id} currentVersion={editing.version} versions={histories.service} describe={describeText} />
        </Panel>
      )}

      <Panel id="add-service" heading={t.services.addHeading}>
        <ServiceEditor record={null} values={{}} failure={failureOf(failure, "create-service")} intent="create-service" />
      </Panel>
    </>
  );
}

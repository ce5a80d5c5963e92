// The availability forms' handlers (issue 25), for one person: the signed-in interpreter on Profile (hours and time
// off), or anyone an admin opens (all of it, credentials too). The person comes from the route — the session or the
// admin's URL — never from the form, and a row id from the form is removed only from that person.
import { redirect } from "react-router";
import { credentialSchema, removeRowSchema, timeOffSchema, workingHoursSchema } from "~/domain/availability-forms";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { AVAILABILITY_SECTIONS } from "./availability-sections";

/** Where each form's section is on the page. */
type Place = { userId: string; page: string };
type Handler = (input: IntentInput) => Promise<Response | ReturnType<typeof formFailure>>;

const back = (input: IntentInput, place: Place, section: string, message: string) =>
  redirectWithToast(`${place.page}#${section}`, { type: "success", message }, { request: input.request, config: input.app.config });

/** A person gone between the page's load and the post (removed by an admin): the page itself is gone. */
function gone(place: Place): never {
  throw redirect(place.page === "/Dashboard/Profile" ? "/Dashboard/Profile" : "/Dashboard/Interpreter");
}

/** The handlers of hours and time off: Profile's and an admin's. */
export function ownAvailabilityIntents(place: Place): Record<string, Handler> {
  return {
    "save-hours": async (input) => {
      const form = parseFormData(input.formData, workingHoursSchema(input.messages));
      if (!form.ok) return formFailure({ ...form, intent: "save-hours" });
      if (!(await input.app.backend.availability.setHours(place.userId, form.data))) gone(place);
      return back(input, place, AVAILABILITY_SECTIONS.hours, input.messages.availability.hours.saved);
    },
    "add-time-off": async (input) => {
      const form = parseFormData(input.formData, timeOffSchema(input.messages));
      if (!form.ok) return formFailure({ ...form, intent: "add-time-off" });
      if (!(await input.app.backend.availability.addTimeOff(place.userId, form.data)).ok) gone(place);
      return back(input, place, AVAILABILITY_SECTIONS.timeOff, input.messages.availability.timeOff.added);
    },
    "remove-time-off": async (input) => {
      const t = input.messages.availability.timeOff;
      const form = parseFormData(input.formData, removeRowSchema);
      if (!form.ok || !(await input.app.backend.availability.removeTimeOff(place.userId, form.data.id))) {
        return formFailure({ formError: t.gone, intent: "remove-time-off" }, { status: 404 });
      }
      return back(input, place, AVAILABILITY_SECTIONS.timeOff, t.removed);
    },
  };
}

/** Everything an admin can change for an interpreter: hours, time off and credentials. */
export function adminAvailabilityIntents(place: Place): Record<string, Handler> {
  return {
    ...ownAvailabilityIntents(place),
    "add-credential": async (input) => {
      const form = parseFormData(input.formData, credentialSchema(input.messages));
      if (!form.ok) return formFailure({ ...form, intent: "add-credential" });
      if (!(await input.app.backend.availability.addCredential(place.userId, form.data)).ok) gone(place);
      return back(input, place, AVAILABILITY_SECTIONS.credentials, input.messages.availability.credentials.added);
    },
    "remove-credential": async (input) => {
      const t = input.messages.availability.credentials;
      const form = parseFormData(input.formData, removeRowSchema);
      if (!form.ok || !(await input.app.backend.availability.removeCredential(place.userId, form.data.id))) {
        return formFailure({ formError: t.gone, intent: "remove-credential" }, { status: 404 });
      }
      return back(input, place, AVAILABILITY_SECTIONS.credentials, t.removed);
    },
  };
}

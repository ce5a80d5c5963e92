// Offers of a booked appointment (issue 25): staff offer it on its page, interpreters answer under My jobs, the first
// accept wins; and the e-mails that go with them.
export const offers = {
  panel: {
    heading: "Offer it",
    intro: "Everyone ticked gets an e-mail and the offer under My jobs; the first to accept is confirmed. Offers close {deadline}.",
    choose: "Offer to",
    chooseHint: "Only interpreters who can take it are listed.",
    chooseRequired: "Tick at least one interpreter.",
    submit: "Offer",
    submitting: "Offering…",
    done: { one: "Offered to 1 interpreter.", other: "Offered to {count} interpreters." },
    notEligible: "{name} can no longer take it. Here is who can, as it stands now.",
    stale: "The appointment changed in the meantime. Here it is as it is now.",
    notOfferable: "This appointment can no longer be offered.",
    unknown: "One of the interpreters ticked no longer exists.",
  },
  list: {
    heading: "Offers",
    columns: { interpreter: "Interpreter", state: "Answer", deadline: "Closes", answered: "Answered" },
    states: { open: "Waiting", expired: "Expired", accepted: "Accepted", declined: "Declined", taken: "Someone else took it" },
    unfilled: "Unfilled: no interpreter accepted before the offers closed ({at}). Offer it again.",
  },
  jobs: {
    heading: "Appointments offered to you",
    intro: "Accept to take an appointment: the first interpreter to accept gets it.",
    empty: "No appointments are offered to you right now.",
    confirmedHeading: "Your appointments",
    confirmedEmpty: "No confirmed appointments ahead.",
    closes: "Answer before",
    where: "Where",
    accept: "Accept",
    accepting: "Accepting…",
    decline: "Decline",
    declining: "Declining…",
    acceptLabel: "Accept appointment {number}",
    declineLabel: "Decline appointment {number}",
    accepted: "Appointment {number} is yours. The customer has been told.",
    declined: "You declined appointment {number}.",
    states: { accepted: "You accepted this appointment.", declined: "You declined this appointment.", taken: "Someone else took this appointment." },
    refused: {
      "not-found": "This offer is not yours or no longer exists.",
      answered: "You have already answered this offer.",
      taken: "Someone else took this appointment.",
      expired: "This offer has closed.",
      conflict: "You have a confirmed appointment at an overlapping time (travel included), so you cannot take this one.",
    },
  },
  mail: {
    offerSubject: "Appointment offered to you: {number}, {language}, {when}",
    offerBody:
      "Hello {interpreter},\n\nPUSH offers you appointment {number}: {language}, {mode}, {setting}, {when}, for {duration}.{where}\n\nAccept or decline under My jobs before {deadline}:\n{jobsLink}\n\nThe first interpreter to accept gets it.",
    where: " Where: {address}.",
    confirmedInterpreterSubject: "Appointment {number} is yours: {language}, {when}",
    confirmedInterpreterBody:
      "Hello {interpreter},\n\nYou have appointment {number}: {language}, {mode}, {setting}, {when}, for {duration}.{where}\n\nNotes from the customer: {notes}\n\nIt is under My jobs:\n{jobsLink}",
    unfilledSubject: "Unfilled: {number}, {language}, {when}",
    unfilledBody:
      "Nobody accepted appointment {number} ({language}, {mode}, {setting}, {when}) before its offers closed.\n\nOffer it again from the dashboard, under Appointments: {staffPath}",
    reminderLead: { day: "within a day", hour: "within the hour" },
    reminderInterpreterSubject: "Reminder: {number} starts {soon} ({when})",
    reminderInterpreterBody:
      "Hello {interpreter},\n\nA reminder: appointment {number} starts {soon}: {language}, {mode}, {setting}, {when}, for {duration}.{where}\n\nNotes from the customer: {notes}",
  },
};

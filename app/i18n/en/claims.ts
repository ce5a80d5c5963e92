// Joining by a status link (issue 27, docs/decisions/0042): the panel on an order's or an appointment's private page,
// the e-mails it sends, and the page its link opens (/Join/<token>).

export const claims = {
  panel: {
    heading: "Keep all your requests in one place",
    text: "Create an account to see your orders, appointments and invoices together, and to book again with your details filled in. We send a link to the e-mail address of this request; the account is made when you open it.",
    submit: "Create an account",
    submitting: "Sending…",
    // The same sentence whatever the address's state (an account, an organisation), so the page reveals nothing.
    sent: "We sent a link to {email}. Open it to create your account (it works once, for 7 days).",
  },
  mail: {
    subject: "Create your PUSH account",
    link: "Hello {name},\n\nSomeone asked, from one of your PUSH requests, to keep all your requests in one place. Create your account here (the link works once, for 7 days):\n{link}\n\nYour earlier orders, appointments and invoices will be in your account. If you did not ask for this, ignore this e-mail: nothing changes until the link is opened.\n\nPUSH",
    accountExists:
      "Hello {name},\n\nSomeone asked, from one of your PUSH requests, to create an account for this address. It already has one: sign in here instead.\n{signIn}\n\nIf you forgot your password, choose a new one from the sign-in page.\n\nPUSH",
    inOrganisation:
      "Hello {name},\n\nSomeone asked, from one of your PUSH requests, to create an account for this address. Your requests already belong to an organisation's account at PUSH: ask its administrator, or PUSH, to invite you.\n\nPUSH",
    noLink: "(This link no longer works: ask for a new one from your request's page.)",
  },
  join: {
    metaTitle: "Create your account",
    heading: "Create your account",
    intro: "Choose a password to sign in as {email}. Your requests made with this address will be kept in your account.",
    password: "Password",
    passwordHint: "At least {min} characters.",
    submit: "Create my account",
    submitting: "Creating…",
    ready: "Your account is ready: here are all your requests.",
    invalidHeading: "This link does not work",
    invalid: "It may have been used already, be more than 7 days old, or have been copied incompletely. Ask for a new one from your request's page.",
    inOrganisationHeading: "Your requests already belong to an organisation",
    inOrganisation: "An account cannot be made from this link: ask the organisation's administrator, or PUSH, to invite you.",
    accountExists: "This e-mail address already has an account. Sign in instead.",
    signIn: "Sign in",
  },
};

// English message catalogue: every user-facing text of the app (the legal texts are in ./legal.ts,
// loaded only by the legal pages). Spec texts are kept exactly as written, spelling included.
export const en = {
  meta: {
    siteName: "PUSH",
    home: {
      title: "PUSH — Translation and Interpretation Services",
      description:
        "PUSH provides professional translation and on-site, video and phone interpretation in more than 40 languages, with a dedicated team and 24/7 customer support.",
    },
    services: {
      title: "Services — PUSH",
      description:
        "Document translation, medical and legal interpreting, video remote and over-the-phone interpreting, and localization from PUSH.",
    },
    about: {
      title: "About us — PUSH",
      description: "Who we are: a Wyoming language services company connecting people with vetted interpreters and translators.",
    },
    contact: {
      title: "Contact us — PUSH",
      description: "Reach PUSH by email or on social media for quotes, interpreter bookings and support.",
    },
    privacy: { title: "Privacy Policy — PUSH", description: "How PUSH collects, uses and protects personal information." },
    terms: { title: "Terms & Conditions — PUSH", description: "The terms and conditions for using PUSH's website and services." },
    notFound: { title: "Page not found — PUSH", description: "The page you requested does not exist." },
  },
  nav: {
    label: "Main",
    home: "Home",
    about: "About us",
    services: "Services",
    contact: "Contact us",
    menu: "Menu",
    logoAlt: "PUSH home",
    skipToContent: "Skip to main content",
  },
  home: {
    heroImageAlt: "Interpreters connecting people who speak different languages",
    welcome: "WELCOM TO PUSH",
    tagline: "WE HELP YOUR BUSINESS",
    intro:
      "From a single certified document to round-the-clock interpreting for a whole hospital, we match you with the right linguist for every conversation.",
    badgeTeam: "Dedicated Team",
    badgeTeamText: "Vetted interpreters and translators, matched to your field.",
    badgeSupport: "24/7 Customer support",
    badgeSupportText: "Someone answers, day or night, every day of the year.",
    exploreServices: "Explore our services",
  },
  services: {
    heading: "Our Services",
    intro: "Professional language services for healthcare, legal, education and business.",
    toggle: "Full description of {title}",
    empty: "Our services will be listed here soon.",
  },
  about: {
    heading: "About us",
    photoAAlt: "The PUSH team meeting around a table",
    photoBAlt: "An interpreter wearing a headset during a remote session",
    unavailable: "Our story will be published here soon.",
  },
  contact: {
    heading: "Contact us",
    coverAlt: "A PUSH interpreter ready to take your call",
    intro: "Questions, quotes or an urgent interpreter request? Reach us any time.",
    address: "Address",
    email: "Email",
    phone: "Phone",
    follow: "Follow us",
    formHeading: "Send us a message",
    formComingSoon: "Our contact form is on its way. Until then, please email us and we will reply within one business day.",
  },
  social: { facebook: "Facebook", instagram: "Instagram", linkedin: "LinkedIn", on: "PUSH on {network}" },
  legal: { version: "Version {version}", effective: "Effective {date}", contents: "Contents" },
  footer: {
    loading: "Loading footer...",
    error: "Error loading footer: ",
    addressHeading: "Mailing address",
    emailHeading: "Contact email",
    mapTitle: "Map showing the PUSH office at {address}",
    mapLink: "Open the map on OpenStreetMap",
    legalNav: "Legal",
    privacy: "Privacy Policy",
    terms: "Terms & Conditions",
    socialNav: "Social media",
    copyright: "© 2025 {legalName}, a limited liability company. All rights reserved.",
  },
  errors: {
    fetchFailed: "Failed to fetch data ...",
    notFound: "Oops! The Page you requested was not found!",
    notFoundHint: "The address may be mistyped, or the page may have moved.",
    backHome: "Back to Home",
    unexpected: "Something went wrong on our side.",
    unexpectedHint: "Please try again in a moment.",
  },
  toast: { dismiss: "Dismiss", notifications: "Notifications" },
};

export type Messages = typeof en;

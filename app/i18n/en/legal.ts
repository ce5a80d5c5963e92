// English legal texts for the /Privacy and /Terms pages.
// Pure data: contact details are interpolated from the LegalContact argument.

export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
};

export type LegalDocument = {
  title: string;
  version: string;
  effectiveDate: string;
  intro: string[];
  sections: LegalSection[];
};

export type LegalContact = {
  companyName: string;
  legalName: string;
  email: string;
  phone: string | null;
  address: string;
};

const VERSION = "1.0";
/** ISO date; the page shows it with Intl.DateTimeFormat in its own locale. */
export const EFFECTIVE_DATE = "2025-03-21";

/** "by email at x" or "by email at x or by phone at y", depending on whether a phone number is given. */
function reachUs(contact: LegalContact): string {
  const phone = contact.phone?.trim();
  return phone ? `by email at ${contact.email} or by phone at ${phone}` : `by email at ${contact.email}`;
}

/** Bullet list of contact details; the phone line is only included when a phone number is given. */
function contactList(contact: LegalContact): string[] {
  const phone = contact.phone?.trim();
  return [contact.legalName, `Email: ${contact.email}`, ...(phone ? [`Phone: ${phone}`] : []), `Address: ${contact.address}`];
}

export function privacyPolicy(contact: LegalContact): LegalDocument {
  const { companyName, legalName, email } = contact;
  return {
    title: "Privacy Policy",
    version: VERSION,
    effectiveDate: EFFECTIVE_DATE,
    intro: [
      `This Privacy Policy explains how ${legalName} ("${companyName}", "we", "us" or "our"), a limited liability company organized in Wyoming, USA, collects, uses and shares personal information when you visit our website, contact us, or use a staff or interpreter account.`,
      `By using our website you acknowledge the practices described in this policy. If you do not agree with them, please do not use the website or send us personal information.`,
    ],
    sections: [
      {
        id: "information-we-collect",
        heading: "Information We Collect",
        paragraphs: [
          "We collect only the information needed to run our website and provide our translation and interpretation services. This includes information you give us directly and a limited amount of technical information that is sent automatically when you use the website.",
        ],
        list: [
          "Contact form: your name, email address, subject and message, together with the date and time you sent it.",
          "Staff and interpreter accounts: name, email address, phone number, gender, department and the languages you speak, plus the sign-in credentials needed to access your account.",
          "Technical information: your IP address, browser type and request details, which our hosting provider processes in order to deliver and protect the website.",
          "Project material: documents, recordings or other content you choose to share with us when requesting a quote or ordering a service.",
        ],
      },
      {
        id: "how-we-use-your-information",
        heading: "How We Use Your Information",
        paragraphs: [
          "We use personal information to respond to your enquiries, prepare quotes, deliver and invoice our services, manage staff and interpreter accounts (for example, to match interpreters to assignments by language), keep the website secure, and meet our legal and accounting obligations.",
          "We do not sell your personal information, and we do not use it for advertising or to build marketing profiles.",
        ],
      },
      {
        id: "how-we-share-information",
        heading: "How We Share Information",
        paragraphs: [
          "We share personal information only with service providers that help us operate the website and our business, and only to the extent they need it to perform their services for us:",
        ],
        list: [
          "EmailJS, our email delivery provider: messages sent through the contact form are stored by us and relayed to our team by email through EmailJS.",
          "Cloudflare, which hosts the website and processes technical information such as IP addresses to deliver pages and protect against abuse.",
          "Supabase, where used, as our database and authentication provider for stored messages and staff and interpreter accounts.",
          "OpenStreetMap, whose map is embedded in the footer of the website. When the map loads, your browser requests map tiles directly from OpenStreetMap, which receives your IP address and browser information under its own privacy policy.",
          "Translators and interpreters working on your project, who receive the information and material needed to complete the assignment and are bound by confidentiality obligations.",
          "Authorities, professional advisers or a successor business, where required by law, to protect our rights, or as part of a merger, sale or reorganization.",
        ],
      },
      {
        id: "data-security",
        heading: "Data Security",
        paragraphs: [
          "We use reasonable technical and organizational measures to protect personal information, including encrypted (HTTPS) connections, access controls that limit account and message data to authorized staff, and reputable hosting and infrastructure providers.",
          "No method of transmission or storage is completely secure, so we cannot guarantee absolute security. We keep personal information only for as long as needed for the purposes described in this policy or as required by law, and then delete or anonymize it.",
        ],
      },
      {
        id: "your-rights",
        heading: "Your Rights",
        paragraphs: [
          "Depending on the state you live in, residents of the United States may have rights under applicable privacy laws, such as the right to know what personal information we hold about them, to receive a copy of it, to have it corrected or deleted, and to opt out of its sale or use for targeted advertising (we do not sell personal information or use it for targeted advertising).",
          `To exercise any of these rights, email us at ${email}. We may need to verify your identity before acting on a request, and we will respond within the time required by applicable law. We will not discriminate against you for exercising your rights.`,
          "Our website and services are not directed to children under 13, and we do not knowingly collect personal information from them. If you believe a child has provided us with personal information, please contact us and we will delete it.",
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        paragraphs: ["We use only strictly necessary cookies, which the website needs in order to work. We do not use advertising or analytics cookies."],
        list: [
          "Session cookie: keeps signed-in staff and interpreters logged in to their account. It is removed when you sign out or when the session expires.",
          "Message cookie: a short-lived cookie that carries a single on-screen notice, for example confirming that your contact form was sent. It is deleted as soon as the notice has been shown.",
        ],
      },
      {
        id: "updates-to-this-policy",
        heading: "Updates to This Policy",
        paragraphs: [
          "We may update this Privacy Policy from time to time, for example when we change our services or providers or when the law changes. The version number and effective date at the top of this page show when it was last changed. If we make significant changes, we will take reasonable steps to let you know, such as posting a notice on the website.",
        ],
      },
      {
        id: "contact-us",
        heading: "Contact Us",
        paragraphs: [
          `If you have questions about this Privacy Policy or how we handle personal information, please contact ${legalName} ${reachUs(contact)}, or write to us at the address below.`,
        ],
        list: contactList(contact),
      },
    ],
  };
}

export function termsAndConditions(contact: LegalContact): LegalDocument {
  const { companyName, legalName } = contact;
  return {
    title: "Terms & Conditions",
    version: VERSION,
    effectiveDate: EFFECTIVE_DATE,
    intro: [
      `These Terms & Conditions ("Terms") govern your use of the website of ${legalName} ("${companyName}", "we", "us" or "our"), a limited liability company organized in Wyoming, USA, and any translation, interpretation or related services we provide to you ("Services").`,
      "Please read them carefully. A signed quote, order confirmation or separate written agreement may add to these Terms; if it conflicts with them, that document takes precedence for the project it covers.",
    ],
    sections: [
      {
        id: "acceptance-of-terms",
        heading: "1. Acceptance of Terms",
        paragraphs: [
          "By using our website, requesting a quote or ordering Services, you agree to these Terms. If you act on behalf of a company or other organization, you confirm that you are authorized to accept these Terms on its behalf.",
          "If you do not agree to these Terms, please do not use the website or our Services.",
        ],
      },
      {
        id: "our-services",
        heading: "2. Our Services",
        paragraphs: [
          "We provide written translation, on-site and remote (audio and video) interpretation, and related language services. The scope, languages, deadlines and format of each project are set out in the quote or order confirmation we send you.",
          "We may engage qualified freelance translators and interpreters to perform the Services. They are bound by the same confidentiality obligations as our own staff, and we remain responsible for the Services we deliver to you.",
        ],
      },
      {
        id: "quotes-orders-and-payment",
        heading: "3. Quotes, Orders and Payment",
        paragraphs: [
          "Quotes are based on the information and material you provide and are valid for 30 days unless they state otherwise. A project is confirmed when you accept our quote in writing (including by email). If the source material or requirements change, we may revise the price and delivery date.",
          "Unless agreed otherwise, invoices are payable in US dollars within 30 days of the invoice date. We may ask for a deposit or advance payment for large or urgent projects, and we may suspend work while payments are overdue.",
          "If you cancel a confirmed project, you agree to pay for work already completed and for any costs we cannot recover, including cancellation fees for interpretation assignments cancelled at short notice as stated in the quote.",
        ],
      },
      {
        id: "client-responsibilities",
        heading: "4. Client Responsibilities",
        paragraphs: [
          "You agree to provide complete, legible source material, reference material and clear instructions, including the intended purpose and audience of the translation, and to give interpreters the briefing material, schedules and working conditions they need.",
          "You confirm that you have the right to share the material you send us and that our use of it to perform the Services does not infringe anyone else's rights or break any law.",
        ],
      },
      {
        id: "confidentiality",
        heading: "5. Confidentiality",
        paragraphs: [
          "We treat all material and information you provide for a project as confidential. We use it only to perform the Services and share it only with the translators, interpreters and service providers who need it for that purpose.",
          "This obligation does not apply to information that is already public, that you authorize us to disclose, or that we are required to disclose by law or court order. Our handling of personal information is described in our Privacy Policy.",
        ],
      },
      {
        id: "intellectual-property",
        heading: "6. Intellectual Property",
        paragraphs: [
          "You keep all rights in your source material. Once you have paid for a project in full, you receive the rights in the translations we deliver to you for that project.",
          `The website, including its text, design, logos and the ${companyName} name, belongs to ${legalName} or its licensors. You may not copy or reuse it for commercial purposes without our written permission.`,
        ],
      },
      {
        id: "quality-warranties-and-disclaimers",
        heading: "7. Quality, Warranties and Disclaimers",
        paragraphs: [
          "We perform the Services with reasonable skill and care in line with accepted professional standards. If you believe a translation contains an error, please tell us within 14 days of delivery and we will review it and correct any genuine errors free of charge.",
          "Language involves interpretation, and differences of style or terminology preference are not errors. Unless you ask for it and we agree in writing, our translations are not certified or legally reviewed, and you remain responsible for how you use them.",
          'Except as stated in these Terms, the website and Services are provided "as is", and we disclaim all other warranties, express or implied, to the extent permitted by law.',
        ],
      },
      {
        id: "limitation-of-liability",
        heading: "8. Limitation of Liability",
        paragraphs: [
          "To the fullest extent permitted by law, we are not liable for any indirect, incidental, special or consequential loss, including loss of profit, revenue, data or business opportunity, arising from the website or the Services.",
          "Our total liability for any claim relating to a project is limited to the amount you paid us for that project. Nothing in these Terms limits liability that cannot be limited under applicable law.",
        ],
      },
      {
        id: "governing-law-and-disputes",
        heading: "9. Governing Law and Disputes",
        paragraphs: [
          "These Terms and any dispute arising from them, the website or the Services are governed by the laws of the United States of America and, where state law applies, the laws of the State of Wyoming, without regard to conflict-of-law rules.",
          "Any dispute will be resolved exclusively in the state or federal courts located in the State of Wyoming, and you and we consent to the jurisdiction of those courts. Before starting proceedings, we both agree to try in good faith to resolve the dispute informally.",
        ],
      },
      {
        id: "changes-and-contact",
        heading: "10. Changes and Contact",
        paragraphs: [
          "We may update these Terms from time to time. The version number and effective date at the top of this page show when they were last changed. Changes do not affect projects already confirmed, unless we both agree otherwise.",
          `If you have questions about these Terms, please contact ${legalName} ${reachUs(contact)}, or write to us at the address below.`,
        ],
        list: contactList(contact),
      },
    ],
  };
}

// عروض الموعد المحجوز (المسألة 25): يعرضه الموظفون في صفحته، ويجيب المترجمون في «مهامي»، ومن يقبل أولًا يأخذه؛ والرسائل
// المرافقة.
import type { Messages } from "~/i18n/en";

export const offers = {
  panel: {
    heading: "اعرضه",
    intro: "يتلقى كل من تختاره رسالة والعرض في «مهامي»؛ ويُؤكَّد الموعد لأول من يقبل. تُغلق العروض {deadline}.",
    choose: "اعرضه على",
    chooseHint: "لا يظهر إلا المترجمون الذين يمكنهم أخذه.",
    chooseRequired: "اختر مترجمًا واحدًا على الأقل.",
    submit: "اعرض",
    submitting: "جارٍ العرض…",
    done: {
      zero: "لم يُعرض على أحد.",
      one: "عُرض على مترجم واحد.",
      two: "عُرض على مترجمَين.",
      few: "عُرض على {count} مترجمين.",
      many: "عُرض على {count} مترجمًا.",
      other: "عُرض على {count} مترجم.",
    },
    notEligible: "لم يعد بإمكان {name} أخذه. هؤلاء من يمكنهم أخذه الآن.",
    stale: "تغيّر الموعد في هذه الأثناء. هذه حاله الآن.",
    notOfferable: "لم يعد ممكنًا عرض هذا الموعد.",
    unknown: "أحد المترجمين المختارين لم يعد موجودًا.",
  },
  list: {
    heading: "العروض",
    columns: { interpreter: "المترجم", state: "الرد", deadline: "يُغلق", answered: "وقت الرد" },
    states: { open: "بانتظار الرد", expired: "انتهى", accepted: "قُبل", declined: "رُفض", taken: "أخذه مترجم آخر" },
    unfilled: "غير مغطى: لم يقبله أي مترجم قبل إغلاق العروض ({at}). اعرضه مرة أخرى.",
  },
  jobs: {
    heading: "مواعيد معروضة عليك",
    intro: "اقبل الموعد لتأخذه: يأخذه أول مترجم يقبل.",
    empty: "لا مواعيد معروضة عليك الآن.",
    confirmedHeading: "مواعيدك",
    confirmedEmpty: "لا مواعيد مؤكدة قادمة.",
    closes: "أجب قبل",
    where: "المكان",
    accept: "قبول",
    accepting: "جارٍ القبول…",
    decline: "رفض",
    declining: "جارٍ الرفض…",
    acceptLabel: "قبول الموعد {number}",
    declineLabel: "رفض الموعد {number}",
    accepted: "الموعد {number} لك. أُبلغ العميل.",
    declined: "رفضت الموعد {number}.",
    join: "انضم إلى مكالمة الفيديو",
    joining: "جارٍ الانضمام…",
    joinLabel: "انضم إلى مكالمة الفيديو للموعد {number}",
    joinNotYours: "هذا ليس من مواعيدك بالفيديو.",
    joinNotOpen: "مكالمة الفيديو غير مفتوحة الآن.",
    states: { accepted: "قبلت هذا الموعد.", declined: "رفضت هذا الموعد.", taken: "أخذ مترجم آخر هذا الموعد." },
    refused: {
      "not-found": "هذا العرض ليس لك أو لم يعد موجودًا.",
      answered: "سبق أن أجبت عن هذا العرض.",
      taken: "أخذ مترجم آخر هذا الموعد.",
      expired: "أُغلق هذا العرض.",
      conflict: "لديك موعد مؤكد في وقت متداخل (مع وقت التنقل)، فلا يمكنك أخذ هذا.",
    },
  },
  mail: {
    offerSubject: "موعد معروض عليك: {number}، {language}، {when}",
    offerBody:
      "مرحبًا {interpreter}،\n\nتعرض عليك PUSH الموعد {number}: {language}، {mode}، {setting}، {when}، لمدة {duration}.{where}\n\nاقبله أو ارفضه في «مهامي» قبل {deadline}:\n{jobsLink}\n\nيأخذه أول مترجم يقبل.",
    where: " المكان: {address}.",
    confirmedInterpreterSubject: "الموعد {number} لك: {language}، {when}",
    confirmedInterpreterBody:
      "مرحبًا {interpreter}،\n\nلديك الموعد {number}: {language}، {mode}، {setting}، {when}، لمدة {duration}.{where}\n\nملاحظات العميل: {notes}\n\nأضفه إلى تقويمك (.ics):\n{icsLink}\n\nتجده في «مهامي»:\n{jobsLink}",
    unfilledSubject: "غير مغطى: {number}، {language}، {when}",
    unfilledBody:
      "لم يقبل أحد الموعد {number} ({language}، {mode}، {setting}، {when}) قبل إغلاق عروضه.\n\nاعرضه مرة أخرى من لوحة التحكم، في المواعيد: {staffPath}",
    reminderLead: { day: "خلال يوم", hour: "خلال ساعة" },
    reminderInterpreterSubject: "تذكير: يبدأ {number} {soon} ({when})",
    reminderInterpreterBody:
      "مرحبًا {interpreter}،\n\nتذكير: يبدأ الموعد {number} {soon}: {language}، {mode}، {setting}، {when}، لمدة {duration}.{where}\n\nملاحظات العميل: {notes}",
  },
} satisfies Messages["offers"];

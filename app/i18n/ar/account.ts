// بوابة العملاء (المسألة 27، ‎/Account): ما يقرؤه مقدّم الطلبات في مؤسسة عميلة من طلباتها ومواعيدها وفواتيرها.
import type { Messages } from "~/i18n/en";

export const account: Messages["account"] = {
  metaTitle: "حسابك",
  nav: { label: "حسابك", home: "نظرة عامة", signOut: "تسجيل الخروج", signedInAs: "مسجَّل الدخول باسم {name}" },
  home: {
    heading: "{organisation}",
    intro: "كل طلبات مؤسستك ومواعيدها وفواتيرها في مكان واحد.",
  },
  orders: {
    heading: "الطلبات",
    count: { zero: "لا طلبات", one: "طلب واحد", two: "طلبان", few: "{count} طلبات", many: "{count} طلبًا", other: "{count} طلب" },
    search: "ابحث في الطلبات",
    searchHint: "اسم أو خدمة أو رقم طلب",
    empty: "لا طلبات بعد.",
    noMatches: "لا طلب يطابق هذا البحث.",
    back: "كل طلباتك",
  },
  appointments: {
    heading: "المواعيد",
    count: { zero: "لا مواعيد", one: "موعد واحد", two: "موعدان", few: "{count} مواعيد", many: "{count} موعدًا", other: "{count} موعد" },
    search: "ابحث في المواعيد",
    searchHint: "اسم أو لغة أو رقم موعد",
    when: "اعرض",
    upcoming: "القادمة",
    past: "السابقة",
    empty: "لا مواعيد هنا.",
    noMatches: "لا موعد يطابق هذا البحث.",
    columns: { number: "الموعد", when: "متى", language: "اللغة", mode: "الطريقة", contact: "حجزه", status: "الحالة" },
    calendar: "أضفه إلى تقويمك (‎.ics)",
    back: "كل مواعيدك",
  },
  invoices: {
    heading: "الفواتير",
    count: { zero: "لا فواتير", one: "فاتورة واحدة", two: "فاتورتان", few: "{count} فواتير", many: "{count} فاتورة", other: "{count} فاتورة" },
    empty: "لا فواتير بعد.",
    open: "المتبقي للدفع: {amounts}",
    nothingOpen: "لا شيء مستحق: كل الفواتير مدفوعة.",
    columns: { number: "الفاتورة", issued: "تاريخ الإصدار", total: "الإجمالي", open: "المتبقي", status: "الحالة" },
    back: "كل فواتيرك",
  },
  search: "ابحث",
  clear: "امسح",
  pages: { orders: "صفحات الطلبات", appointments: "صفحات المواعيد", invoices: "صفحات الفواتير" },
  soon: "لطلب عرض سعر أو حجز مترجم، استخدم النماذج على موقعنا في الوقت الحالي.",
};

// Arabic message catalogue. For now it holds the spec's Arabic texts, which the dashboard shows as
// the spec does (SPEC §2, §8); a bilingual site adds the rest here as translation, not rewriting.
export const ar = {
  dashboard: {
    loading: "جارٍ التحميل...",
    noUserData: "لا توجد بيانات للمستخدم",
    signOutError: "حدث خطأ أثناء تسجيل الخروج",
    noLanguages: "لم تتم إضافة أي لغات بعد",
    noCalls: "لا توجد مكالمات حالية",
    overview: {
      heading: "لوحة التحكم",
      totalUsers: "إجمالي المستخدمين",
      newRequests: "طلبات الترجمة الجديدة",
      activeCustomers: "العملاء النشطون",
      chartPlaceholder: "مخطط الإحصائيات (قريبًا)",
    },
    placeholders: {
      customers: "صفحة العملاء",
      users: "صفحة المستخدمين",
      orders: "صفحة طلبات الترجمة",
    },
  },
};

export type ArabicMessages = typeof ar;

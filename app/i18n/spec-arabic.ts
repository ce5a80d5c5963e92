// The spec's Arabic texts (SPEC §2, §8): the dashboard shows them in Arabic whatever its language, marked
// lang="ar" dir="rtl" on their element when the page is English.
export const specArabic = {
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

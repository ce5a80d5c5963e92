// الفوترة (المسألة 26): كيف يشرح كل بند مفوتر أو مدفوع مبلغه بلغة القارئ.
import type { Messages } from "~/i18n/en";

export const billing = {
  rates: {
    validation: {
      side: "اختر هل هذا سعر للعميل أم أجر للمترجم.",
      service: "اختر نوع العمل.",
      unit: "اختر وحدة يُسعَّر بها هذا النوع من العمل.",
      language: "اختر لغة من القائمة، أو أي لغة.",
      customer: "أدخل بريد العميل الإلكتروني لسعر تعاقدي، أو اتركه فارغًا لسعر القائمة.",
      interpreter: "أدخل بريد المترجم الإلكتروني لأجره الخاص، أو اتركه فارغًا للأجر المعتاد.",
      customerUnknown: "لا يوجد عميل بهذا البريد. يُضاف العملاء حين يطلبون عرض سعر أو يحجزون.",
      interpreterUnknown: "لا يوجد مترجم بهذا البريد.",
      currency: "اختر عملة من القائمة.",
      price: "أدخل سعرًا أكبر من صفر، بما لا يزيد على {digits} أرقام بعد الفاصلة.",
      quantity: "أدخل عددًا صحيحًا.",
      quantityRange: "أدخل عددًا صحيحًا من 0 إلى {max} (1 على الأقل للزيادة).",
      percent: "أدخل نسبة من 0 إلى {max}، بما لا يزيد على رقمين عشريين، أو اتركها فارغة.",
      lateCancellation: "أدخل مبلغًا أكبر من صفر، بما لا يزيد على {digits} أرقام بعد الفاصلة، أو اتركه فارغًا.",
      effectiveFrom: "أدخل تاريخًا من اليوم فصاعدًا بصيغة YYYY-MM-DD: السعر الجديد لا يغيّر عملًا أُنجز.",
    },
  },
  line: {
    measured: "{actual} {what} ← {billed} مفوترة ({rules}) × {price}/{unit}{surcharges} = {amount}",
    flat: "{what} بسعر مقطوع{surcharges} = {amount}",
    what: { onsite: "حضوريًا", video: "عبر الفيديو", phone: "عبر الهاتف", call: "مكالمة", translation: "مترجمة" },
    flatWhat: "ترجمة مستند",
    minimum: "حدّ أدنى {quantity}",
    increments: "بزيادات {quantity}",
    rulesJoiner: "، ",
    unit: { hour: "س", minute: "د", word: "كلمة", page: "صفحة", flat: "مهمة" },
    surcharge: " + {percent} {name}",
    percent: "{number}٪",
    surcharges: { rush: "استعجال", afterHours: "خارج ساعات العمل", weekend: "عطلة نهاية الأسبوع", holiday: "عطلة رسمية ({name})" },
    lateCancellation: "أُلغي قبل البدء بـ{hours} (أقل من {window}) ← رسم إلغاء متأخر {amount}",
    customerNoShow: "لم يحضر العميل ← رسم إلغاء متأخر {amount}",
    interpreterNoShow: "لم يحضر المترجم ← لا شيء مفوتر",
    duration: { hours: "{count} س", minutes: "{count} د", seconds: "{count} ث", joiner: " و", compactJoiner: " " },
    words: { zero: "{count} كلمة", one: "كلمة واحدة", two: "كلمتان", few: "{count} كلمات", many: "{count} كلمة", other: "{count} كلمة" },
    pages: { zero: "{count} صفحة", one: "صفحة واحدة", two: "صفحتان", few: "{count} صفحات", many: "{count} صفحة", other: "{count} صفحة" },
    hoursBefore: { zero: "{count} ساعة", one: "ساعة واحدة", two: "ساعتين", few: "{count} ساعات", many: "{count} ساعة", other: "{count} ساعة" },
  },
} satisfies Messages["billing"];

// الفوترة (المسألة 26): كيف يشرح كل بند مفوتر أو مدفوع مبلغه بلغة القارئ.
import type { Messages } from "~/i18n/en";

export const billing = {
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

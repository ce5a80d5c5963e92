// The Arabic versions of the sample content (issue 12, docs/decisions/0017), kept beside seed/content.ts and
// loaded into each record's `translations`. "Website & Software Localization" is left untranslated on purpose:
// the sample then shows the fallback (the English text, marked lang="en" dir="ltr") on the Arabic site.
import type { Translations } from "../app/domain/translations";

export const arabicContent = {
  company: {
    title: "بوش",
    description:
      "ترجمة تحريرية وفورية احترافية بأكثر من 40 لغة، في الموقع أو عبر الفيديو أو الهاتف، للمستشفيات والمحاكم والمدارس والشركات، على مدار 24 ساعة.",
    address: "30 شارع نورث غولد، جناح R، شيريدان، وايومنغ 82801، الولايات المتحدة",
    homeCoverAlt: "مترجم فوري يرتدي سماعة رأس يصل بين شخصين يتحدثان لغتين مختلفتين",
    contactCoverAlt: "مكتب الاستقبال في مقر بوش",
  },
  about: {
    description:
      "أسّس بوش في ولاية وايومنغ مترجمون فوريون يؤمنون بألا يُستبعد أحد من حوار بسبب اللغة التي يتحدثها. واليوم تساعد شبكتنا التي تضم أكثر من 300 لغوي معتمد المستشفيات والمحاكم والمدارس والشركات في أنحاء الولايات المتحدة على التواصل بوضوح مع من تخدمهم. يُختبر كل مترجم في إتقان اللغة، ويُدرَّب على أخلاقيات المهنة والسرية، ويُكلَّف بمهام في مجال خبرته. وسواء احتجت إلى ترجمة معتمدة بحلول الغد أو إلى مترجم فوري على الخط خلال ثلاثين ثانية، فإن فريقنا المتفاني ودعم العملاء على مدار الساعة طوال أيام الأسبوع في خدمتك.",
    photoAAlt: "فريق بوش مجتمعًا حول طاولة",
    photoBAlt: "مترجم فوري يرتدي سماعة رأس أثناء جلسة عن بُعد",
  },
  /** By the English title of the service they translate. */
  services: {
    "Document Translation": {
      title: "ترجمة المستندات",
      description:
        "ترجمة معتمدة للعقود والسجلات الطبية وأوراق الهجرة والسجلات الأكاديمية والأدلة التقنية. يترجم كل مستند متحدث أصلي للغة ذو خبرة في موضوعه، ويراجعه لغوي ثانٍ قبل التسليم. نحافظ على تنسيق مستندك ونسلّمه بالصيغة التي تحتاجها، ويمكننا اعتماد الترجمات لدى دائرة الهجرة الأمريكية والمحاكم والجامعات. مدة التسليم المعتادة يوما عمل لما يصل إلى 2,000 كلمة، مع إمكانية التسليم العاجل في اليوم نفسه.",
    },
    "Medical Interpreting": {
      title: "الترجمة الفورية الطبية",
      description:
        "مترجمون فوريون طبيون مؤهلون للمستشفيات والعيادات والصيدليات وزيارات الرعاية الصحية عن بُعد. يعرف مترجمونا المصطلحات السريرية، ويلتزمون بمتطلبات قانون HIPAA وميثاق أخلاقيات مترجمي الرعاية الصحية، ويساعدون المرضى محدودي الإتقان للإنجليزية على فهم التشخيصات ونماذج الموافقة وتعليمات الخروج. متاحون في الموقع أو عبر الفيديو أو الهاتف على مدار الساعة، بما في ذلك أقسام الطوارئ.",
    },
    "Legal Interpreting": {
      title: "الترجمة الفورية القانونية",
      description:
        "مترجمون فوريون ذوو خبرة في المحاكم لجلسات الإفادة والجلسات القضائية ولقاءات المحامين بموكليهم وجلسات الوساطة ومقابلات الهجرة. نقدّم الترجمة التتابعية والفورية، والترجمة المنظورة للمستندات القانونية، ومترجمين يعرفون إجراءات المحاكم ومصطلحاتها. نوقّع اتفاقية سرية لكل مهمة.",
    },
    "Video Remote Interpreting": {
      title: "الترجمة الفورية عن بُعد عبر الفيديو",
      description:
        "تواصل مع مترجم فوري محترف عبر الفيديو في أقل من دقيقة، من أي متصفح أو جهاز لوحي أو هاتف. الترجمة عبر الفيديو مثالية حين تهم تعابير الوجه والإيماءات: زيارات المرضى، واجتماعات أولياء الأمور بالمعلمين، واجتماعات الموارد البشرية، وخدمة العملاء. الجلسات مشفّرة، ولا حاجة إلى تثبيت أي برنامج.",
    },
    "Over-the-Phone Interpreting": {
      title: "الترجمة الفورية عبر الهاتف",
      description:
        "ترجمة فورية عبر الهاتف عند الطلب بأكثر من 40 لغة، على مدار 24 ساعة طوال أيام الأسبوع. اتصل برقم واحد واختر اللغة لتتصل بمترجم مدرّب خلال ثوانٍ. تُحتسب بالدقيقة دون حد أدنى، وهي أسرع طريقة لمساعدة متصل أو عميل زائر أو فريق ميداني يحتاج إلى لغة الآن.",
    },
  } as Record<string, { title: string; description: string }>,
};

/** The `translations` value of each sample record, as the studio would store it. */
export const sampleTranslations = {
  company: { ar: arabicContent.company } satisfies Translations<"company">,
  about: { ar: arabicContent.about } satisfies Translations<"about">,
  /** A service's translations by its English title; `{}` for the one left in English only. */
  service(englishTitle: string): Translations<"service"> {
    const texts = arabicContent.services[englishTitle];
    return texts ? { ar: { ...texts, photoAlt: `${texts.title}: رسم توضيحي` } } : {};
  },
};

-- Sample data for a LOCAL Supabase only (`supabase db reset` runs this file after the migrations).
-- NEVER RUN IT ON A PRODUCTION PROJECT: it creates sign-in accounts whose password is published in this
-- repository (ChangeMe-2025! for admin@example.com and interpreter@example.com).
--
-- The same sample content as seed/content.ts (the D1 default's sample data): the company row, the 6 services, the
-- about row, the 14 languages, and the 7 people with their language links. Only admin@example.com (admin) and
-- interpreter@example.com (interpreter) can sign in; the other five accounts get a random password nobody knows.
-- The people have fixed ids so the rows below can refer to them. Content rows take their ids from their identity
-- columns (no explicit ids), so rows added later through the app do not collide with them.
-- Runs as postgres, which bypasses row-level security and may set role 'admin' (see private.guard_users_role).

-- ─── Sign-in accounts (Supabase Auth) ────────────────────────────────────────────────────────────────────────────
-- The empty token columns matter: Supabase Auth cannot read an account whose token columns are NULL.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', account.id, 'authenticated', 'authenticated', account.email,
  case
    when account.can_sign_in then extensions.crypt('ChangeMe-2025!', extensions.gen_salt('bf'))
    else extensions.crypt(encode(extensions.gen_random_bytes(32), 'base64'), extensions.gen_salt('bf'))
  end,
  now(),
  '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, now(), now(),
  '', '', '', ''
from (values
  ('5eed0000-0000-4000-8000-000000000001'::uuid, 'admin@example.com',         true),
  ('5eed0000-0000-4000-8000-000000000002'::uuid, 'interpreter@example.com',   true),
  ('5eed0000-0000-4000-8000-000000000003'::uuid, 'linh.tran@example.com',     false),
  ('5eed0000-0000-4000-8000-000000000004'::uuid, 'omar.farah@example.com',    false),
  ('5eed0000-0000-4000-8000-000000000005'::uuid, 'sofia.petrova@example.com', false),
  ('5eed0000-0000-4000-8000-000000000006'::uuid, 'wei.zhang@example.com',     false),
  ('5eed0000-0000-4000-8000-000000000007'::uuid, 'marie.joseph@example.com',  false)
) as account (id, email, can_sign_in);

-- One e-mail identity per account, as Supabase Auth creates on sign-up (provider_id is the user id for e-mail).
insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  gen_random_uuid(), u.id, u.id::text,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.id between '5eed0000-0000-4000-8000-000000000001' and '5eed0000-0000-4000-8000-000000000007';

-- ─── Public content ──────────────────────────────────────────────────────────────────────────────────────────────

insert into public.company (title, description, homecover, address, email, phone, linkedin, facebook, instegram, contactcover,
                            homecover_alt, homecover_width, homecover_height, contactcover_alt, contactcover_width, contactcover_height)
values (
  'PUSH',
  'Professional translation and interpretation in more than 40 languages — on site, by video or over the phone, for hospitals, courts, schools and businesses, 24 hours a day.',
  'homecover.webp',
  '30 N Gould St, Ste R, Sheridan, WY 82801, USA',
  'contact@pushlanguages.com',
  '+1 (307) 555-0142',
  'https://www.linkedin.com/company/pushlanguages',
  'https://www.facebook.com/pushlanguages',
  'https://www.instagram.com/pushlanguages',
  'contactcover.webp',
  'An interpreter with a headset linking two people who speak different languages',
  1280,
  720,
  'The PUSH office reception',
  1280,
  560
);

-- In this order, so the ids (and the positions, set below) follow seed/content.ts.
insert into public.services (title, photourl, description) values
  (
    'Document Translation',
    'document-translation.webp',
    'Certified translation of contracts, medical records, immigration papers, academic transcripts and technical manuals. Every document is translated by a native speaker with subject-matter experience and reviewed by a second linguist before delivery. We keep your layout, deliver in the format you need, and can certify translations for USCIS, courts and universities. Standard turnaround is two business days for up to 2,000 words, with rush delivery available the same day.'
  ),
  (
    'Medical Interpreting',
    'medical-interpreting.webp',
    'Qualified medical interpreters for hospitals, clinics, pharmacies and telehealth visits. Our interpreters know clinical terminology, follow HIPAA requirements and the national code of ethics for healthcare interpreters, and help patients with limited English proficiency understand diagnoses, consent forms and discharge instructions. Available on site, by video or by phone, around the clock, including for emergency departments.'
  ),
  (
    'Legal Interpreting',
    'legal-interpreting.webp',
    'Court-experienced interpreters for depositions, hearings, attorney–client meetings, mediations and immigration interviews. We provide consecutive and simultaneous interpreting, sight translation of legal documents, and interpreters familiar with courtroom procedure and legal terminology. Confidentiality agreements are signed for every assignment.'
  ),
  (
    'Video Remote Interpreting',
    'video-remote-interpreting.webp',
    'Connect to a professional interpreter by video in under a minute, from any browser, tablet or phone. Video remote interpreting is ideal when facial expressions and gestures matter — patient visits, parent–teacher conferences, HR meetings and customer service. Sessions are encrypted, and no software installation is needed.'
  ),
  (
    'Over-the-Phone Interpreting',
    'phone-interpreting.webp',
    'On-demand phone interpreting in more than 40 languages, 24 hours a day, 7 days a week. Call one number, choose a language and be connected to a trained interpreter in seconds. Billed by the minute with no minimums, it is the fastest way to help a caller, a walk-in client or a field team that needs a language right now.'
  ),
  (
    'Website & Software Localization',
    'localization.webp',
    'Adapt your website, app or e-learning course for new markets. We translate interface text, help content and marketing copy, adapt dates, currencies and units, and test the result in context so nothing is cut off or out of place. We work with the file formats your developers already use, including JSON, XLIFF, PO and Markdown.'
  );

-- The services page shows them by position; each image's alt text and real size (seed/media/Services: 640 × 400).
update public.services set position = id, photo_alt = title || ': illustration', photo_width = 640, photo_height = 400;
-- The interpreting services offer a live call on their card ("Talk to an interpreter").
update public.services set offers_calls = true
where title in ('Medical Interpreting', 'Legal Interpreting', 'Video Remote Interpreting', 'Over-the-Phone Interpreting');

insert into public.about (description, photoaurl, photoburl, photoa_alt, photoa_width, photoa_height, photob_alt, photob_width, photob_height)
values (
  'PUSH was founded in Wyoming by interpreters who believe that nobody should be left out of a conversation because of the language they speak. Today our network of more than 300 vetted linguists helps hospitals, courts, schools and businesses across the United States communicate clearly with the people they serve. Every interpreter is tested for language proficiency, trained in professional ethics and confidentiality, and matched to assignments in their field of expertise. Whether you need a certified translation by tomorrow or an interpreter on the line in thirty seconds, our dedicated team and 24/7 customer support are here to help.',
  'team-meeting.webp',
  'interpreter-headset.webp',
  'The PUSH team meeting around a table',
  800,
  600,
  'An interpreter wearing a headset during a remote session',
  800,
  600
);

-- The Arabic versions of the texts (seed/content-ar.ts, docs/decisions/0017); the last service stays English only,
-- so the Arabic site shows the fallback.
update public.company set translations = '{"ar":{"title":"بوش","description":"ترجمة تحريرية وفورية احترافية بأكثر من 40 لغة، في الموقع أو عبر الفيديو أو الهاتف، للمستشفيات والمحاكم والمدارس والشركات، على مدار 24 ساعة.","address":"30 شارع نورث غولد، جناح R، شيريدان، وايومنغ 82801، الولايات المتحدة","homeCoverAlt":"مترجم فوري يرتدي سماعة رأس يصل بين شخصين يتحدثان لغتين مختلفتين","contactCoverAlt":"مكتب الاستقبال في مقر بوش"}}'::jsonb;
update public.about set translations = '{"ar":{"description":"أسّس بوش في ولاية وايومنغ مترجمون فوريون يؤمنون بألا يُستبعد أحد من حوار بسبب اللغة التي يتحدثها. واليوم تساعد شبكتنا التي تضم أكثر من 300 لغوي معتمد المستشفيات والمحاكم والمدارس والشركات في أنحاء الولايات المتحدة على التواصل بوضوح مع من تخدمهم. يُختبر كل مترجم في إتقان اللغة، ويُدرَّب على أخلاقيات المهنة والسرية، ويُكلَّف بمهام في مجال خبرته. وسواء احتجت إلى ترجمة معتمدة بحلول الغد أو إلى مترجم فوري على الخط خلال ثلاثين ثانية، فإن فريقنا المتفاني ودعم العملاء على مدار الساعة طوال أيام الأسبوع في خدمتك.","photoAAlt":"فريق بوش مجتمعًا حول طاولة","photoBAlt":"مترجم فوري يرتدي سماعة رأس أثناء جلسة عن بُعد"}}'::jsonb;
update public.services set translations = '{"ar":{"title":"ترجمة المستندات","description":"ترجمة معتمدة للعقود والسجلات الطبية وأوراق الهجرة والسجلات الأكاديمية والأدلة التقنية. يترجم كل مستند متحدث أصلي للغة ذو خبرة في موضوعه، ويراجعه لغوي ثانٍ قبل التسليم. نحافظ على تنسيق مستندك ونسلّمه بالصيغة التي تحتاجها، ويمكننا اعتماد الترجمات لدى دائرة الهجرة الأمريكية والمحاكم والجامعات. مدة التسليم المعتادة يوما عمل لما يصل إلى 2,000 كلمة، مع إمكانية التسليم العاجل في اليوم نفسه.","photoAlt":"ترجمة المستندات: رسم توضيحي"}}'::jsonb where title = 'Document Translation';
update public.services set translations = '{"ar":{"title":"الترجمة الفورية الطبية","description":"مترجمون فوريون طبيون مؤهلون للمستشفيات والعيادات والصيدليات وزيارات الرعاية الصحية عن بُعد. يعرف مترجمونا المصطلحات السريرية، ويلتزمون بمتطلبات قانون HIPAA وميثاق أخلاقيات مترجمي الرعاية الصحية، ويساعدون المرضى محدودي الإتقان للإنجليزية على فهم التشخيصات ونماذج الموافقة وتعليمات الخروج. متاحون في الموقع أو عبر الفيديو أو الهاتف على مدار الساعة، بما في ذلك أقسام الطوارئ.","photoAlt":"الترجمة الفورية الطبية: رسم توضيحي"}}'::jsonb where title = 'Medical Interpreting';
update public.services set translations = '{"ar":{"title":"الترجمة الفورية القانونية","description":"مترجمون فوريون ذوو خبرة في المحاكم لجلسات الإفادة والجلسات القضائية ولقاءات المحامين بموكليهم وجلسات الوساطة ومقابلات الهجرة. نقدّم الترجمة التتابعية والفورية، والترجمة المنظورة للمستندات القانونية، ومترجمين يعرفون إجراءات المحاكم ومصطلحاتها. نوقّع اتفاقية سرية لكل مهمة.","photoAlt":"الترجمة الفورية القانونية: رسم توضيحي"}}'::jsonb where title = 'Legal Interpreting';
update public.services set translations = '{"ar":{"title":"الترجمة الفورية عن بُعد عبر الفيديو","description":"تواصل مع مترجم فوري محترف عبر الفيديو في أقل من دقيقة، من أي متصفح أو جهاز لوحي أو هاتف. الترجمة عبر الفيديو مثالية حين تهم تعابير الوجه والإيماءات: زيارات المرضى، واجتماعات أولياء الأمور بالمعلمين، واجتماعات الموارد البشرية، وخدمة العملاء. الجلسات مشفّرة، ولا حاجة إلى تثبيت أي برنامج.","photoAlt":"الترجمة الفورية عن بُعد عبر الفيديو: رسم توضيحي"}}'::jsonb where title = 'Video Remote Interpreting';
update public.services set translations = '{"ar":{"title":"الترجمة الفورية عبر الهاتف","description":"ترجمة فورية عبر الهاتف عند الطلب بأكثر من 40 لغة، على مدار 24 ساعة طوال أيام الأسبوع. اتصل برقم واحد واختر اللغة لتتصل بمترجم مدرّب خلال ثوانٍ. تُحتسب بالدقيقة دون حد أدنى، وهي أسرع طريقة لمساعدة متصل أو عميل زائر أو فريق ميداني يحتاج إلى لغة الآن.","photoAlt":"الترجمة الفورية عبر الهاتف: رسم توضيحي"}}'::jsonb where title = 'Over-the-Phone Interpreting';

insert into public.languages (name) values
  ('Arabic'),
  ('English'),
  ('Spanish'),
  ('French'),
  ('German'),
  ('Mandarin Chinese'),
  ('Vietnamese'),
  ('Russian'),
  ('Portuguese'),
  ('Korean'),
  ('Somali'),
  ('Tagalog'),
  ('Haitian Creole'),
  ('American Sign Language');

-- ─── People and their languages ──────────────────────────────────────────────────────────────────────────────────

insert into public.users (id, full_name, email, phone, "Gender", account_type, role) values
  ('5eed0000-0000-4000-8000-000000000001', 'Amira Haddad',        'admin@example.com',         '+1 (307) 555-0100', 'Female', 'Operations',                  'admin'),
  ('5eed0000-0000-4000-8000-000000000002', 'Daniel Reyes',        'interpreter@example.com',   '+1 (307) 555-0101', 'Male',   'Medical Interpreting',        'interpreter'),
  ('5eed0000-0000-4000-8000-000000000003', 'Linh Tran',           'linh.tran@example.com',     '+1 (307) 555-0102', 'Female', 'Legal Interpreting',          'interpreter'),
  ('5eed0000-0000-4000-8000-000000000004', 'Omar Farah',          'omar.farah@example.com',    '+1 (307) 555-0103', 'Male',   'Community Interpreting',      'interpreter'),
  ('5eed0000-0000-4000-8000-000000000005', 'Sofia Petrova',       'sofia.petrova@example.com', '+1 (307) 555-0104', 'Female', 'Document Translation',        'interpreter'),
  ('5eed0000-0000-4000-8000-000000000006', 'Wei Zhang',           'wei.zhang@example.com',     '+1 (307) 555-0105', 'Male',   'Video Remote Interpreting',   'interpreter'),
  ('5eed0000-0000-4000-8000-000000000007', 'Marie-Claude Joseph', 'marie.joseph@example.com',  '+1 (307) 555-0106', 'Female', 'Over-the-Phone Interpreting', 'interpreter');

insert into public.user_languages (user_id, language_id)
select link.user_id, l.id
from (values
  ('5eed0000-0000-4000-8000-000000000001'::uuid, 'Arabic'),
  ('5eed0000-0000-4000-8000-000000000001'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000001'::uuid, 'French'),
  ('5eed0000-0000-4000-8000-000000000002'::uuid, 'Spanish'),
  ('5eed0000-0000-4000-8000-000000000002'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000002'::uuid, 'Portuguese'),
  ('5eed0000-0000-4000-8000-000000000003'::uuid, 'Vietnamese'),
  ('5eed0000-0000-4000-8000-000000000003'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000004'::uuid, 'Somali'),
  ('5eed0000-0000-4000-8000-000000000004'::uuid, 'Arabic'),
  ('5eed0000-0000-4000-8000-000000000004'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000005'::uuid, 'Russian'),
  ('5eed0000-0000-4000-8000-000000000005'::uuid, 'German'),
  ('5eed0000-0000-4000-8000-000000000005'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000006'::uuid, 'Mandarin Chinese'),
  ('5eed0000-0000-4000-8000-000000000006'::uuid, 'English'),
  ('5eed0000-0000-4000-8000-000000000006'::uuid, 'Korean'),
  ('5eed0000-0000-4000-8000-000000000007'::uuid, 'Haitian Creole'),
  ('5eed0000-0000-4000-8000-000000000007'::uuid, 'French'),
  ('5eed0000-0000-4000-8000-000000000007'::uuid, 'English')
) as link (user_id, name)
join public.languages l on l.name = link.name;

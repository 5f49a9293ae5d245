// One settings group of each kind as the server answers it (the labels test opens every screen with them).
import { WRITE_ROUTES } from './write-routes';

const privileges = (edit: number) => [
  { key: 'rank.question.add', label: 'Ask a question', value: 1 },
  { key: 'rank.question.edit', label: "Edit others' questions", value: edit },
];

export const ALL_GROUPS = {
  ...WRITE_ROUTES,
  'GET siteinfo/general': {
    name: 'Agora',
    site_url: 'https://qa.example.com',
    short_description: 'Questions and answers',
    description: 'A place to ask.',
    contact_email: 'admin@example.com',
  },
  'GET siteinfo/security': { login_required: false, external_content_display: 'always_display', check_update: true },
  'GET siteinfo/interface': { language: 'en_US', time_zone: 'UTC' },
  'GET language/options': [{ label: 'English', value: 'en_US' }],
  'GET setting/smtp': {
    from_email: 'qa@example.com',
    from_name: 'Agora',
    smtp_host: 'smtp.example.com',
    smtp_port: 465,
    encryption: 'SSL',
    smtp_username: 'mailer',
    smtp_password: '********',
    smtp_authentication: true,
  },
  'GET siteinfo/branding': {
    logo: '/uploads/logo.png',
    mobile_logo: '',
    square_icon: '/uploads/icon.png',
    favicon: '',
  },
  'GET siteinfo/polices': {
    terms_of_service_original_text: 'Be kind.',
    terms_of_service_parsed_text: '<p>Be kind.</p>',
    privacy_policy_original_text: 'https://example.com/privacy',
    privacy_policy_parsed_text: '',
  },
  'GET siteinfo/seo': { permalink: 1, robots: '' },
  'GET siteinfo/login': {
    allow_new_registrations: true,
    allow_email_registrations: true,
    allow_password_login: true,
    login_required: false,
    allow_email_domains: [],
    require_email_verification: true,
  },
  'GET siteinfo/users': {
    default_avatar: 'gravatar',
    gravatar_base_url: 'https://www.gravatar.com/avatar/',
    allow_update_display_name: true,
    allow_update_username: true,
    allow_update_avatar: true,
    allow_update_bio: true,
    allow_update_website: true,
    allow_update_location: true,
  },
  'GET setting/privileges': {
    options: [
      { level: 1, level_desc: '', privileges: privileges(1) },
      { level: 2, level_desc: '', privileges: privileges(100) },
      { level: 3, level_desc: '', privileges: privileges(200) },
      { level: 99, level_desc: '', privileges: privileges(300) },
    ],
    selected_level: 99,
  },
  'GET siteinfo/theme': {
    theme: 'default',
    theme_config: { default: { navbar_style: 'colored', primary_color: '#0033FF' } },
    color_scheme: 'system',
    layout: 'Full-width',
  },
  'GET theme/options': [{ label: 'Default', value: 'default' }],
  'GET siteinfo/custom-css-html': {
    custom_css: '',
    custom_head: '',
    custom_header: '',
    custom_footer: '',
    custom_sidebar: '',
  },
};

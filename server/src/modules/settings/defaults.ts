import type { SiteSettings } from './schema';

/** What crawlers may index by default: public reading pages, not accounts, admin or the installer. */
export const DEFAULT_ROBOTS = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /install',
  'Disallow: /review',
  'Disallow: /search',
  'Disallow: /users/login',
  'Disallow: /users/register',
  'Disallow: /users/account-recovery',
  'Disallow: /users/settings',
  'Disallow: /answer/',
  '',
].join('\n');

export const DEFAULT_PRIMARY_COLOR = '#0033FF';

/** Site settings as a fresh install seeds them (docs/product-rules.md). */
export function defaultSiteSettings(siteUrl: string): SiteSettings {
  return {
    general: {
      name: 'Agora',
      short_description: 'Ask questions, share answers, learn together.',
      description: '',
      site_url: siteUrl,
      contact_email: '',
      check_update: true,
    },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: {
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: false,
      allow_email_domains: [],
      require_email_verification: true,
    },
    theme: {
      theme: 'default',
      theme_config: { default: { navbar_style: 'colored', primary_color: DEFAULT_PRIMARY_COLOR } },
      color_scheme: 'system',
      layout: 'Full-width',
    },
    custom_css_html: { custom_css: '', custom_head: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    seo: { permalink: 2, robots: DEFAULT_ROBOTS },
    users: {
      default_avatar: 'system',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    },
    legal: {
      terms_of_service_original_text: '',
      terms_of_service_parsed_text: '',
      privacy_policy_original_text: '',
      privacy_policy_parsed_text: '',
    },
    // Images from other hosts wait for a click unless the admin allows them (a new
    // install's default; existing sites keep the value they stored).
    security: { login_required: false, external_content_display: 'ask_before_display', check_update: true },
    // Answer's install seeds: one tag, a body of 6, one answer per member and question.
    question: { min_tags: 1, min_content: 6, restrict_answer: true },
    tag: { reserved_tags: [], recommend_tags: [], required_tag: false },
    // An empty host: mail is not configured (mails wait in the outbox until it is).
    smtp: {
      from_email: '',
      from_name: '',
      smtp_host: '',
      smtp_port: 25,
      encryption: '',
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: false,
    },
    // No post waits for review; 3 deletions of answered questions or accepted answers within 30 days
    // keep the author from asking and answering for 7 days.
    moderation: {
      queue_first_posts: 0,
      queue_words: [],
      deletion_block_count: 3,
      deletion_block_days: 30,
      deletion_block_block_days: 7,
    },
    // What a fresh install accepts: images up to 4 MB and 40 megapixels in the formats the upload
    // route can re-encode; no attachments until the administrator lists extensions (up to 8 MB each).
    advanced: {
      max_image_size: 4,
      max_attachment_size: 8,
      max_image_megapixel: 40,
      authorized_image_extensions: ['jpg', 'jpeg', 'png', 'webp'],
      authorized_attachment_extensions: [],
    },
  };
}

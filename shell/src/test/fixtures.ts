import type { CurrentUser, NotificationStatus, SiteInfo } from '@agora/shared-api';

export function siteInfo(
  overrides: { login?: Partial<SiteInfo['login']> } & Partial<Omit<SiteInfo, 'login'>> = {},
): SiteInfo {
  const { login, ...rest } = overrides;
  return {
    general: {
      name: 'Agora Test',
      short_description: '',
      description: '',
      site_url: 'http://localhost',
      contact_email: 'a@b.c',
    },
    interface: { language: 'en_US', time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: {
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: false,
      allow_email_domains: [],
      ...login,
    },
    theme: {
      theme: 'default',
      theme_config: { default: { navbar_style: 'colored', primary_color: '#0033FF' } },
      color_scheme: 'default',
    },
    custom_css_html: { custom_css: '', custom_head: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    site_seo: { permalink: 1, robots: '' },
    site_users: {
      default_avatar: 'system',
      gravatar_base_url: '',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    },
    version: '0.1.0',
    revision: 'test',
    ...rest,
  };
}

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '1',
    username: 'alice',
    display_name: 'Alice',
    e_mail: 'alice@example.com',
    avatar: { type: 'system' },
    rank: 1,
    bio: '',
    bio_html: '',
    website: '',
    location: '',
    language: 'Default',
    status: 'normal',
    mail_status: 1,
    role_id: 1,
    have_password: true,
    access_token: 'token-alice',
    ...overrides,
  };
}

export function notificationStatus(overrides: Partial<NotificationStatus> = {}): NotificationStatus {
  return { inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null, ...overrides };
}

// The e-mails a member can switch (user/notification/config keys) and the text each goes by, shared by the
// Notifications settings and the unsubscribe page.

export const MAIL_CHANNELS = [
  'inbox',
  'all_new_question',
  'all_new_question_for_following_tags',
  'weekly_digest',
] as const;
export type MailChannel = (typeof MAIL_CHANNELS)[number];

/** Each e-mail's label key (the weekly digest's text lives with the notification strings). */
export const MAIL_CHANNEL_LABELS: Record<MailChannel, string> = {
  inbox: 'people.settings.notify.inbox',
  all_new_question: 'people.settings.notify.all_new_question',
  all_new_question_for_following_tags: 'people.settings.notify.all_new_question_for_following_tags',
  weekly_digest: 'notifications.settings.weekly_digest',
};

export const isMailChannel = (value: unknown): value is MailChannel =>
  typeof value === 'string' && (MAIL_CHANNELS as readonly string[]).includes(value);

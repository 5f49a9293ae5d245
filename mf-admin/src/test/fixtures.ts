import type { AdminAnswerItem, AdminQuestionItem, AdminReportItem, AdminUserItem } from '@agora/shared-api/contract';

/** Unix seconds: 2026-03-14 15:09:26 UTC. */
export const TIME = 1_773_500_966;

export const member = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  rank: 10,
  display_name: name,
  avatar: '',
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal' as const,
  suspended_until: 0,
});

export const question = (n: number, over: Partial<AdminQuestionItem> = {}): AdminQuestionItem => ({
  id: `1001000000000000${n}`,
  title: `Question number ${n}`,
  url_title: `question-number-${n}`,
  vote_count: 3 * n,
  show: 1,
  pin: 1,
  answer_count: n,
  accepted_answer_id: '0',
  status: 1,
  create_time: TIME,
  update_time: TIME,
  edit_time: 0,
  user_info: member(`2000${n}`, `Author${n}`),
  ...over,
});

export const answer = (n: number, over: Partial<AdminAnswerItem> = {}): AdminAnswerItem => ({
  id: `1002000000000000${n}`,
  question_id: `1001000000000000${n}`,
  description: `**Try** the [manual](https://example.com) for answer ${n}.`,
  status: 1,
  create_time: TIME,
  update_time: TIME,
  accepted: 1,
  user_info: member(`3000${n}`, `Answerer${n}`),
  vote_count: n,
  question_info: { title: `Question number ${n}`, url_title: `question-number-${n}` },
  ...over,
});

export const user = (n: number, over: Partial<AdminUserItem> = {}): AdminUserItem => ({
  user_id: `4000${n}`,
  created_at: TIME,
  deleted_at: 0,
  suspended_at: 0,
  suspended_until: 0,
  username: `member${n}`,
  e_mail: `member${n}@example.com`,
  rank: 100 + n,
  status: 'normal',
  display_name: `Member ${n}`,
  avatar: '',
  role_id: 1,
  role_name: 'User',
  ...over,
});

export const report = (n: number, over: Partial<AdminReportItem> = {}): AdminReportItem => ({
  flag_id: `5000${n}`,
  created_at: TIME,
  object_id: `1001000000000000${n}`,
  question_id: `1001000000000000${n}`,
  answer_id: '',
  comment_id: '',
  object_type: 'question',
  title: `Flagged question ${n}`,
  url_title: `flagged-question-${n}`,
  original_text: 'Buy cheap things',
  parsed_text: '<p>Buy cheap things at the shop</p>',
  answer_count: 0,
  answer_accepted: false,
  tags: [],
  object_status: 1,
  object_show_status: 1,
  author_user_info: member(`6000${n}`, `Spammer${n}`),
  submit_at: TIME,
  submitter_user: member(`7000${n}`, `Flagger${n}`),
  reason: {
    reason_key: 'reason.spam',
    reason_type: 1,
    name: 'Spam',
    description: 'An advertisement.',
    content_type: '',
    placeholder: '',
  },
  reason_content: '',
  status: 'pending',
  action: '',
  handled_at: 0,
  ...over,
});

export const CLOSE_REASONS = [
  {
    reason_key: 'r.dup',
    reason_type: 5,
    name: 'Duplicate',
    description: 'Asked before.',
    content_type: 'text',
    placeholder: 'Link',
  },
  {
    reason_key: 'r.off',
    reason_type: 6,
    name: 'Off topic',
    description: 'Not for this site.',
    content_type: '',
    placeholder: '',
  },
];

import type { CurrentUser } from '@agora/shared-api';
import type { AnswerInfo, MemberAction, QuestionInfo, UserBasicInfo } from '@agora/shared-api/contract';

export const QID = '10010000000000001';
export const A1 = '10020000000000001';
export const A2 = '10020000000000002';

export const person = (username: string, overrides: Partial<UserBasicInfo> = {}): UserBasicInfo => ({
  id: String(username.length + 100),
  username,
  rank: 10,
  display_name: username[0]!.toUpperCase() + username.slice(1),
  avatar: '',
  website: '',
  location: '',
  language: '',
  status: 'normal',
  suspended_until: 0,
  ...overrides,
});

export const ALICE = person('alice', { id: '2', rank: 1234 });
export const BOB = person('bob', { id: '3' });

/** The logged-in user of a test. */
export function currentUser(who: UserBasicInfo, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: who.id,
    username: who.username,
    display_name: who.display_name,
    e_mail: `${who.username}@example.com`,
    avatar: { type: 'system', gravatar: '', custom: '' },
    rank: who.rank,
    bio: '',
    bio_html: '',
    website: '',
    location: '',
    language: 'Default',
    color_scheme: 'default',
    status: 'normal',
    mail_status: 1,
    role_id: 1,
    have_password: true,
    ...overrides,
  } as CurrentUser;
}

export const actions = (...names: string[]): MemberAction[] =>
  names.map((action) => ({ action, name: action, type: action === 'edit' ? 'edit' : 'confirm' }));

export function questionInfo(overrides: Partial<QuestionInfo> = {}): QuestionInfo {
  return {
    id: QID,
    title: 'How do I read a file?',
    url_title: 'how-do-i-read-a-file',
    content: 'I want to read a text file line by line.',
    html: '<p>I want to read a text file line by line.</p>',
    description: 'I want to read a text file line by line.',
    tags: [{ slug_name: 'node', display_name: 'Node.js', main_tag_slug_name: '', recommend: false, reserved: false }],
    view_count: 42,
    unique_view_count: 40,
    vote_count: 3,
    answer_count: 2,
    collection_count: 1,
    follow_count: 1,
    accepted_answer_id: '0',
    last_answer_id: A2,
    create_time: Math.floor(Date.now() / 1000) - 3600,
    update_time: Math.floor(Date.now() / 1000) - 3600,
    edit_time: 0,
    pin: 1,
    show: 1,
    status: 1,
    user_info: ALICE,
    answered: false,
    first_answer_id: '0',
    collected: false,
    vote_status: '',
    is_followed: false,
    member_actions: [],
    extends_actions: [],
    ...overrides,
  };
}

export function answerInfo(id: string, overrides: Partial<AnswerInfo> = {}): AnswerInfo {
  return {
    id,
    question_id: QID,
    content: `Answer ${id}`,
    html: `<p>Answer ${id.slice(-3)}</p>`,
    create_time: Math.floor(Date.now() / 1000) - 600,
    update_time: Math.floor(Date.now() / 1000) - 600,
    accepted: 1,
    user_info: BOB,
    collected: false,
    vote_status: '',
    vote_count: 0,
    status: 1,
    member_actions: [],
    ...overrides,
  };
}

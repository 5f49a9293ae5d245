import type { AnswerInfo, QuestionInfo } from '@agora/shared-api/contract';

const author = {
  id: '7',
  username: 'ada',
  rank: 1,
  display_name: 'Ada',
  avatar: '',
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal' as const,
  suspended_until: 0,
};

/** GET question/info's answer. */
export function questionInfo(over: Partial<QuestionInfo> = {}): QuestionInfo {
  return {
    id: '10010000000000001',
    title: 'How do I read a file?',
    url_title: 'how-do-i-read-a-file',
    content: 'I want to read a text file line by line.',
    html: '<p>I want to read a text file line by line.</p>',
    description: 'I want to read a text file line by line.',
    tags: [{ slug_name: 'node', display_name: 'Node.js', main_tag_slug_name: '', recommend: false, reserved: false }],
    view_count: 1,
    unique_view_count: 1,
    vote_count: 0,
    answer_count: 0,
    collection_count: 0,
    follow_count: 0,
    accepted_answer_id: '0',
    last_answer_id: '0',
    create_time: 1_700_000_000,
    update_time: 1_700_000_000,
    edit_time: 0,
    pin: 1,
    show: 1,
    status: 1,
    user_info: author,
    answered: false,
    first_answer_id: '0',
    collected: false,
    vote_status: '',
    is_followed: false,
    member_actions: [],
    extends_actions: [],
    ...over,
  } as QuestionInfo;
}

/** GET answer/info's `info`. */
export function answerInfo(over: Partial<AnswerInfo> = {}): AnswerInfo {
  return {
    id: '10020000000000002',
    question_id: '10010000000000001',
    content: 'Use readline with a stream.',
    html: '<p>Use readline with a stream.</p>',
    create_time: 1_700_000_100,
    update_time: 1_700_000_100,
    accepted: 1,
    user_info: author,
    collected: false,
    vote_status: '',
    vote_count: 0,
    status: 1,
    member_actions: [],
    ...over,
  };
}

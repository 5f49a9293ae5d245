import type {
  FlaggedPost,
  PendingPost,
  ReviewingTypes,
  UnreviewedRevision,
  UserBasicInfo,
} from '@agora/shared-api/contract';

export const API = '/answer/api/v1';

export const user = (username: string, display_name = username): UserBasicInfo => ({
  id: `id-${username}`,
  username,
  rank: 10,
  display_name,
  avatar: '',
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal',
  suspended_until: 0,
});

const tag = (slug: string, display_name = slug) => ({
  slug_name: slug,
  display_name,
  main_tag_slug_name: '',
  recommend: false,
  reserved: false,
});

export const types = (counts: Partial<Record<ReviewingTypes[number]['name'], number>>): ReviewingTypes =>
  (['queued_post', 'flagged_post', 'suggested_post_edit'] as const)
    .filter((name) => counts[name] !== undefined)
    .map((name) => ({ name, label: name, todo_amount: counts[name]! }));

/** A suggested edit of a question: the title and the body change, a tag is swapped. */
export function questionEdit(n = 1, over: Partial<UnreviewedRevision['info']> = {}): UnreviewedRevision {
  return {
    type: 'question',
    info: {
      created_at: 1_700_000_000,
      object_id: `1001000000000000${n}`,
      question_id: `1001000000000000${n}`,
      answer_id: '',
      comment_id: '',
      object_type: 'question',
      object_creator_user_id: 'id-alice',
      title: `How to read file ${n}`,
      url_title: `how-to-read-file-${n}`,
      content: 'I want to read a file line by line.',
      html: '<p>I want to read a file line by line.</p>',
      answer_count: 0,
      answer_accepted: false,
      tags: [tag('node', 'Node.js'), tag('io')],
      status: 1,
      show_status: 1,
      ...over,
    },
    unreviewed_info: {
      id: `1006000000000000${n}`,
      use_id: 'id-bob',
      object_id: `1001000000000000${n}`,
      title: `How to read a text file ${n}`,
      url_title: '',
      content: {
        title: `How to read a text file ${n}`,
        content: 'I want to read a text file line by line.',
        tags: [tag('node', 'Node.js'), tag('files')],
      },
      status: 1,
      create_at: 1_700_000_100,
      user_info: user('bob', 'Bob Editor'),
      reason: 'clearer title',
    },
  };
}

export function answerEdit(): UnreviewedRevision {
  const base = questionEdit(7);
  return {
    type: 'answer',
    info: {
      ...base.info,
      object_id: '10020000000000007',
      answer_id: '10020000000000007',
      object_type: 'answer',
      content: 'Use fs.readFile.',
    },
    unreviewed_info: {
      ...base.unreviewed_info,
      object_id: '10020000000000007',
      content: { content: 'Use fs.promises.readFile.' },
      reason: '',
    },
  };
}

export function tagEdit(): UnreviewedRevision {
  const base = questionEdit(8);
  return {
    type: 'tag',
    info: {
      ...base.info,
      object_id: '10030000000000008',
      question_id: '',
      object_type: 'tag',
      title: 'Node',
      url_title: 'node',
      content: 'A runtime.',
      tags: [],
    },
    unreviewed_info: {
      ...base.unreviewed_info,
      object_id: '10030000000000008',
      title: 'Node.js',
      content: {
        slug_name: 'node',
        display_name: 'Node.js',
        original_text: 'A JavaScript runtime.',
        parsed_text: '',
        main_tag_slug_name: '',
      },
    },
  };
}

const taskObject = (n: number) => ({
  created_at: 1_700_000_000,
  object_id: `1001000000000000${n}`,
  question_id: `1001000000000000${n}`,
  answer_id: '',
  comment_id: '',
  object_type: 'question' as const,
  title: `Spammy question ${n}`,
  url_title: `spammy-question-${n}`,
  original_text: 'Buy cheap things at example.com now',
  parsed_text: '<p>Buy cheap things at example.com now</p>',
  answer_count: 0,
  answer_accepted: false,
  tags: [tag('shopping')],
  object_status: 1,
  object_show_status: 1,
  author_user_info: user('carol', 'Carol Author'),
});

export function flag(n = 1, over: Partial<FlaggedPost> = {}): FlaggedPost {
  return {
    flag_id: `1009000000000000${n}`,
    ...taskObject(n),
    submit_at: 1_700_000_200,
    submitter_user: user('dave', 'Dave Flagger'),
    reason: {
      reason_key: 'reason.spam',
      reason_type: 1,
      name: 'Spam',
      description: 'This post is an advertisement.',
      content_type: '',
      placeholder: '',
    },
    reason_content: 'obvious advert',
    ...over,
  };
}

export function queuedPost(n = 1, over: Partial<PendingPost> = {}): PendingPost {
  return {
    review_id: n,
    ...taskObject(n),
    title: `First question ${n}`,
    object_status: 11,
    submit_at: 1_700_000_300,
    submitter_display_name: 'New member rule',
    reason: 'review.reason.new_member',
    ...over,
  };
}

/** A one-task page as the queues answer it. */
export const page = <T>(count: number, task?: T) => ({ count, list: task ? [task] : [] });

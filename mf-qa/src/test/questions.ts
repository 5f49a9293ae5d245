import type { QuestionPageItem } from '../common/question-list';

/** A question list row as the server sends it; override what a test looks at. */
export function questionItem(overrides: Partial<QuestionPageItem> = {}): QuestionPageItem {
  return {
    id: '10010000000000001',
    created_at: 1_700_000_000,
    title: 'How do I read a file?',
    url_title: 'how-do-i-read-a-file',
    description: 'I want to read a text file line by line.',
    pin: 1,
    show: 1,
    status: 1,
    tags: [{ slug_name: 'node', display_name: 'Node.js', main_tag_slug_name: '', recommend: false, reserved: false }],
    view_count: 12,
    unique_view_count: 10,
    vote_count: 3,
    answer_count: 2,
    collection_count: 0,
    follow_count: 1,
    accepted_answer_id: '0',
    last_answer_id: '10020000000000001',
    operated_at: 1_700_000_000,
    operator: { id: '1', username: 'alice', rank: 10, display_name: 'Alice', status: 'normal', avatar: '' },
    operation_type: 'asked',
    ...overrides,
  };
}

/** `n` distinct rows numbered from `from`. */
export function questionItems(n: number, from = 1): QuestionPageItem[] {
  return Array.from({ length: n }, (_, i) =>
    questionItem({ id: `100100000000${String(from + i).padStart(5, '0')}`, title: `Question ${from + i}` }),
  );
}

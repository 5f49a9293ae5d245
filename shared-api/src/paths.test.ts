import { describe, expect, it } from 'vitest';
import {
  answerIdOfRoute,
  answerPath,
  isIgnoredPath,
  paths,
  postPath,
  questionPath,
  safeReturnPath,
  notificationTargetPath,
} from './paths';

describe('question and answer links', () => {
  it('adds the slug only for permalink 1 and 3 when there is one', () => {
    expect(questionPath('10010000000000001', 'how-to-x', 1)).toBe('/questions/10010000000000001/how-to-x');
    expect(questionPath('D1D1', 'how-to-x', 3)).toBe('/questions/D1D1/how-to-x');
    expect(questionPath('10010000000000001', 'how-to-x', 2)).toBe('/questions/10010000000000001');
    expect(questionPath('D1D1', 'how-to-x', 4)).toBe('/questions/D1D1');
    expect(questionPath('10010000000000001', '', 1)).toBe('/questions/10010000000000001');
  });

  it('builds answer links as the question link plus the answer id, in every permalink mode', () => {
    expect(answerPath('10010000000000001', '10020000000000001', 'how-to-x', 1)).toBe(
      '/questions/10010000000000001/how-to-x/10020000000000001',
    );
    expect(answerPath('D1D1', 'E1D1', 'how-to-x', 3)).toBe('/questions/D1D1/how-to-x/E1D1');
    expect(answerPath('10010000000000001', '10020000000000001', 'how-to-x', 2)).toBe(
      '/questions/10010000000000001/10020000000000001',
    );
    expect(answerPath('D1D1', 'E1D1', 'how-to-x', 4)).toBe('/questions/D1D1/E1D1');
    expect(answerPath('10010000000000001', '10020000000000001', '', 1)).toBe(
      '/questions/10010000000000001/10020000000000001',
    );
  });

  it('reads the answer of a route: after the slug, or in the slug’s place when it is an answer id', () => {
    expect(answerIdOfRoute({ slugPermalink: 'how-to-x', aid: '10020000000000001' }, 'how-to-x')).toBe(
      '10020000000000001',
    );
    expect(answerIdOfRoute({ slugPermalink: '10020000000000001' }, 'how-to-x')).toBe('10020000000000001');
    expect(answerIdOfRoute({ slugPermalink: 'E1D1' }, 'how-to-x')).toBe('E1D1');
    // A slug, a question or comment id, or a title made of digits that happens to look like an answer id.
    expect(answerIdOfRoute({ slugPermalink: 'how-to-x' }, 'how-to-x')).toBeUndefined();
    expect(answerIdOfRoute({ slugPermalink: 'old-title' }, 'how-to-x')).toBeUndefined();
    expect(answerIdOfRoute({ slugPermalink: '10010000000000001' }, 'how-to-x')).toBeUndefined();
    expect(answerIdOfRoute({ slugPermalink: 'D1D1' }, 'how-to-x')).toBeUndefined();
    expect(answerIdOfRoute({ slugPermalink: '10020000000000001' }, '10020000000000001')).toBeUndefined();
    expect(answerIdOfRoute({}, 'how-to-x')).toBeUndefined();
  });

  it('encodes user input in paths', () => {
    expect(paths.search('a b&c')).toBe('/search?q=a%20b%26c');
    expect(paths.user('jane doe')).toBe('/users/jane%20doe');
    expect(paths.badges()).toBe('/badges');
    expect(paths.badge('10090000000000001')).toBe('/badges/10090000000000001');
    expect(paths.ask('c#')).toBe('/questions/ask?tags=c%23');
  });

  it('builds the three timeline paths the shell routes to', () => {
    expect(paths.questionTimeline('10010000000000001')).toBe('/posts/10010000000000001/timeline');
    expect(paths.answerTimeline('D1D1', 'E1D1')).toBe('/posts/D1D1/E1D1/timeline');
    expect(paths.tagTimeline('10030000000000002')).toBe('/tags/10030000000000002/timeline');
  });
});

describe('ignored paths', () => {
  it('matches the account pages and everything under /user-center/', () => {
    expect(isIgnoredPath('/users/login')).toBe(true);
    expect(isIgnoredPath('/user-center/auth-failed')).toBe(true);
    expect(isIgnoredPath('/users/login/extra')).toBe(false);
    expect(isIgnoredPath('/questions')).toBe(false);
  });
});

describe('return targets stay on the site (no open redirect)', () => {
  it.each([
    '/',
    '/questions/10010000000000001?page=2',
    '/questions/ask?tags=c%23',
    '/search?q=a%20b#results',
    '/%2F%2Fevil.example',
  ])('keeps the same-site path %s', (target) => {
    expect(safeReturnPath(target)).toBe(target);
  });

  it('normalises dot segments that stay on the site', () => {
    expect(safeReturnPath('/questions/../tags')).toBe('/tags');
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['slash then backslash', '/\\/evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['an absolute URL', 'https://evil.example/'],
    ['a tab the parser drops', '/\t/evil.example'],
    ['a new line the parser drops', '/\n/evil.example'],
    ['dot segments that become //host', '/.//evil.example'],
    ['a relative path', 'questions/1'],
    ['leading white space', ' /questions'],
    ['empty', ''],
  ])('refuses %s', (_what, target) => {
    expect(safeReturnPath(target)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });
});

describe('postPath', () => {
  it('leads to the question, or to the answer in its question', () => {
    expect(postPath({ question_id: '10010000000000001', answer_id: '', url_title: 'how-to' })).toBe(
      '/questions/10010000000000001',
    );
    expect(postPath({ question_id: '10010000000000001', answer_id: '0' })).toBe('/questions/10010000000000001');
    expect(postPath({ question_id: '10010000000000001', answer_id: '10020000000000002' })).toBe(
      '/questions/10010000000000001/10020000000000002',
    );
  });
});

describe('notificationTargetPath', () => {
  it('leads to the question, the answer in it, or a comment on either (?commentId=)', () => {
    expect(notificationTargetPath({ question: 'q1' })).toBe('/questions/q1');
    expect(notificationTargetPath({ question: 'q1', answer: 'a2' })).toBe('/questions/q1/a2');
    expect(notificationTargetPath({ question: 'q1', answer: 'a2', comment: 'c3' })).toBe(
      '/questions/q1/a2?commentId=c3',
    );
    expect(notificationTargetPath({ question: 'q1', comment: 'c3' })).toBe('/questions/q1?commentId=c3');
    expect(notificationTargetPath({ question: 'q1', answer: '0', comment: '' })).toBe('/questions/q1');
  });

  it('leads a badge award to the badge, and nowhere when the map names nothing', () => {
    expect(notificationTargetPath({ badge_id: '4' })).toBe('/badges/4');
    expect(notificationTargetPath({})).toBeNull();
  });

  it('leads a notice about a tag (an approved or rejected tag edit) to the tag', () => {
    expect(notificationTargetPath({ tag: 'c++' })).toBe('/tags/c%2B%2B');
  });
});

describe('notification tab paths', () => {
  it('names the sub-type of the inbox, the bare tab for all', () => {
    expect(paths.notifications('inbox', 'votes')).toBe('/users/notifications/inbox/votes');
    expect(paths.notifications('inbox', 'all')).toBe('/users/notifications/inbox');
    expect(paths.notifications('achievement')).toBe('/users/notifications/achievement');
  });
});

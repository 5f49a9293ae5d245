import { mockFetch, type Handler } from '@agora/shared-api/testing';
import { questionInfo } from './fixtures';
import type { AnswerInfo, QuestionInfo } from '@agora/shared-api/contract';

export const V1 = '/answer/api/v1';
export const SITEINFO = `GET ${V1}/siteinfo`;

export const site = (permalink = 2) => ({
  general: { name: 'Agora Demo' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
});

/** The detail screen's server: the question, its answers, and whatever else a test routes. */
export function serve(
  {
    question = questionInfo(),
    answers = [],
    permalink = 2,
  }: { question?: QuestionInfo | Handler; answers?: AnswerInfo[] | Handler; permalink?: number } = {},
  routes: Record<string, Handler> = {},
) {
  return mockFetch({
    [SITEINFO]: site(permalink),
    [`GET ${V1}/question/info`]: question,
    [`GET ${V1}/answer/page`]: Array.isArray(answers) ? { count: answers.length, list: answers } : answers,
    [`GET ${V1}/question/similar/tag`]: { count: 0, list: [] },
    ...routes,
  });
}

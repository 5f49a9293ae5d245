import { toShortId, usesShortIds, fromInputId } from '@agora/shared-api/short-id';
import type { PostUserInfo } from '@agora/shared-api/contract';
import { plainExcerpt, urlTitle } from '../../lib/text';
import type { AnswerService } from '../answer/service';
import type { AnswerRow } from '../answer/table';
import { questionUrl } from '../question/info';
import type { QuestionPostService } from '../question/posts';
import type { QuestionRow } from '../question/table';
import { DESCRIPTION_MAX, type PageHead } from './head';
import type { PageSite } from './site';

/** Answers the structured data names (the first page of the default order). */
const LD_ANSWERS = 30;
/** Characters of a post's plain text in the structured data. */
const LD_TEXT_MAX = 5_000;

export type PageOutcome = { head: PageHead } | { redirect: string } | null;

export interface QuestionMetaDeps {
  posts: QuestionPostService;
  answers: AnswerService;
  authors(ids: readonly number[]): Promise<Map<number, PostUserInfo>>;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The head of a question page, as a visitor sees the question (a question a visitor may not open says
 * nothing, whoever asks: the HTML never carries what the viewer's own session could add). The address
 * the permalink setting gives is the only one: any other spelling of it (no slug, a wrong slug, a long
 * id where short ones are used) is answered with a 301 to it, an answer's id kept.
 *
 * `segments`: what follows the id, the slug and/or an answer id (an answer's id may take the slug's
 * place when the setting writes none).
 */
export async function questionPage(
  deps: QuestionMetaDeps,
  site: PageSite,
  rawId: string,
  segments: string[],
  requestPath: string,
): Promise<PageOutcome> {
  const id = fromInputId(rawId);
  const view = await deps.posts.view(id, {}).catch(() => null);
  if (!view) return null;
  const question = view.row;
  // One segment after the id is the slug, or an answer's id (long or short) in the slug's place.
  let answerId: string | undefined = segments[1];
  if (segments.length === 1 && segments[0] !== urlTitle(question.title) && /^\d{17}$/.test(fromInputId(segments[0]!)))
    answerId = segments[0];
  const canonical = questionUrl(site.siteUrl, question.id, question.title, site.permalink);
  const answerPart = answerId
    ? `/${encodeURIComponent(usesShortIds(site.permalink) ? toShortId(fromInputId(answerId)) : fromInputId(answerId))}`
    : '';
  const wanted = new URL(canonical).pathname + answerPart;
  if (safeDecode(wanted) !== safeDecode(requestPath)) return { redirect: wanted };

  const { rows } = await deps.answers.page(question.id, 'default', 0, LD_ANSWERS, {});

  const users = await deps.authors([question.user_id, ...rows.map((row) => row.user_id)].map(Number));
  return {
    head: {
      title: site.title(question.title),
      description: plainExcerpt(question.parsed_text, DESCRIPTION_MAX) || question.title,
      canonical,
      type: 'article',
      siteName: site.name,
      lang: site.lang,
      jsonLd: qaPage(question, rows, users, canonical, site),
    },
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function person(user: PostUserInfo | undefined, site: PageSite) {
  if (!user) return undefined;
  return {
    '@type': 'Person',
    name: user.display_name || user.username,
    url: `${site.siteUrl}/users/${encodeURIComponent(user.username)}`,
  };
}

/** schema.org QAPage: the question, its accepted answer and the others as suggested answers. */
function qaPage(
  question: QuestionRow,
  answers: AnswerRow[],
  users: Map<number, PostUserInfo>,
  canonical: string,
  site: PageSite,
): Record<string, unknown> {
  const answerLd = (row: AnswerRow) => ({
    '@type': 'Answer',
    text: plainExcerpt(row.parsed_text, LD_TEXT_MAX),
    upvoteCount: Number(row.vote_count),
    dateCreated: iso(row.created_at),
    url: `${canonical}/${usesShortIds(site.permalink) ? toShortId(row.id) : row.id}`,
    author: person(users.get(Number(row.user_id)), site),
  });
  const acceptedId = question.accepted_answer_id === null ? null : String(question.accepted_answer_id);
  const accepted = answers.find((row) => String(row.id) === acceptedId);
  const suggested = answers.filter((row) => row !== accepted);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: question.title,
      text: plainExcerpt(question.parsed_text, LD_TEXT_MAX),
      answerCount: Number(question.answer_count),
      upvoteCount: Number(question.vote_count),
      dateCreated: iso(question.created_at),
      dateModified: iso(question.updated_at),
      author: person(users.get(Number(question.user_id)), site),
      ...(accepted ? { acceptedAnswer: answerLd(accepted) } : {}),
      ...(suggested.length ? { suggestedAnswer: suggested.map(answerLd) } : {}),
    },
  };
}

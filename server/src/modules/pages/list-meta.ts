import { QUESTION_PAGE_SIZE, type QuestionOrder } from '@agora/shared-api/contract';
import { translate } from '../../i18n';
import { plainExcerpt } from '../../lib/text';
import type { ProfileService } from '../profile/service';
import type { QuestionSource } from '../question/service';
import type { TagService } from '../tag/service';
import { DESCRIPTION_MAX, type PageHead } from './head';
import type { PageOutcome } from './question-meta';
import type { PageSite } from './site';

export interface ListMetaDeps {
  questions: QuestionSource;
  tags: TagService;
  profile: ProfileService;
}

/** The pages of the site that are lists or overviews, by path, with their title and description keys. */
export const OVERVIEWS = {
  '/tags': 'tags',
  '/users': 'users',
  '/badges': 'badges',
  '/search': 'search',
} as const;

const ORDERS: ReadonlySet<string> = new Set(['newest', 'active', 'hot', 'score', 'unanswered', 'frequent']);

function head(
  site: PageSite,
  title: string,
  description: string,
  path: string,
  extra: Partial<PageHead> = {},
): PageHead {
  return {
    title: site.title(title),
    description: plainExcerpt(description, DESCRIPTION_MAX),
    canonical: `${site.siteUrl}${path}`,
    type: 'website',
    siteName: site.name,
    lang: site.lang,
    ...extra,
  };
}

/** `?order=&page=` of a question list, as its links write them (defaults left out). */
function listQuery(order: string | undefined, page: number): string {
  const query = new URLSearchParams();
  if (order) query.set('order', order);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * A page of questions (`/`, `/questions`, `/tags/{slug}`): its canonical address keeps the order and the
 * page, and links the pages before and after it. A page past the end, or an order the list does not
 * have, says nothing more than the site does.
 */
async function questionList(
  deps: ListMetaDeps,
  site: PageSite,
  path: string,
  query: Record<string, string | undefined>,
  describe: { title: string; description: string },
  tag?: string,
): Promise<PageOutcome> {
  const order = query.order && ORDERS.has(query.order) ? query.order : undefined;
  if (query.order && !order) return null;
  const page = query.page === undefined ? 1 : Number(query.page);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) return null;
  const list = await deps.questions.page({
    ...(order ? { order: order as QuestionOrder } : {}),
    page: 1,
    page_size: 1,
    ...(tag ? { tag } : {}),
  });
  const pages = Math.max(1, Math.ceil(list.count / QUESTION_PAGE_SIZE));
  if (page > pages) return null;
  const at = (n: number) => `${site.siteUrl}${path}${listQuery(order, n)}`;
  return {
    head: head(site, describe.title, describe.description, `${path}${listQuery(order, page)}`, {
      ...(page > 1 ? { prev: at(page - 1) } : {}),
      ...(page < pages ? { next: at(page + 1) } : {}),
    }),
  };
}

/** `/` and `/questions`. */
export function homePage(deps: ListMetaDeps, site: PageSite, path: string, query: Record<string, string | undefined>) {
  const title = path === '/' ? '' : translate('pages.title.questions', site.language);
  return questionList(deps, site, path, query, { title, description: site.description });
}

/** `/tags`, `/users`, `/badges`, `/search`: their title and what they are, nothing more. */
export function overviewPage(site: PageSite, path: keyof typeof OVERVIEWS): PageOutcome {
  const key = OVERVIEWS[path];
  const description =
    key === 'search'
      ? site.description
      : translate(`pages.description.${key}`, site.language, { site_name: site.name });
  return { head: head(site, translate(`pages.title.${key}`, site.language), description, path) };
}

/** `/tags/{slug}` (its questions, paged) and `/tags/{slug}/info`; an unknown or deleted tag: nothing. */
export async function tagPage(
  deps: ListMetaDeps,
  site: PageSite,
  slug: string,
  info: boolean,
  query: Record<string, string | undefined>,
): Promise<PageOutcome> {
  const tag = await deps.tags.reads.find({ name: slug }, false).catch(() => null);
  if (!tag) return null;
  const name = tag.display_name || tag.slug_name;
  const path = `/tags/${encodeURIComponent(tag.slug_name)}`;
  const description =
    plainExcerpt(tag.parsed_text, DESCRIPTION_MAX) ||
    translate('pages.description.tag', site.language, { tag: name, site_name: site.name });
  if (info) {
    const title = translate('pages.title.tag_info', site.language, { tag: name });
    return { head: head(site, title, description, `${path}/info`) };
  }
  const title = translate('pages.title.tag', site.language, { tag: name });
  return questionList(deps, site, path, query, { title, description }, tag.slug_name);
}

/** `/users/{username}`: a live member's profile; anyone else, nothing. */
export async function userPage(deps: ListMetaDeps, site: PageSite, username: string): Promise<PageOutcome> {
  const user = await deps.profile.findByUsername(username);
  if (!user) return null;
  const name = user.display_name || user.username;
  const description =
    plainExcerpt(user.bio_html ?? '', DESCRIPTION_MAX) ||
    translate('pages.description.user', site.language, {
      name,
      site_name: site.name,
      questions: Number(user.question_count),
      answers: Number(user.answer_count),
      rank: Number(user.rank),
    });
  return {
    head: head(site, name, description, `/users/${encodeURIComponent(user.username)}`, { type: 'profile' }),
  };
}

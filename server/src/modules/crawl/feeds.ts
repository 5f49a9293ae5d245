import type { PostUserInfo, QuestionPageItem } from '@agora/shared-api/contract';
import { Feed, type Item } from 'feed';
import { translate, type Language } from '../../i18n';
import type { AnswerRow } from '../answer/table';
import { questionUrl } from '../question/info';
import type { LinkStyle } from './sitemap';

/** Entries per feed: what feed readers show and poll for. */
export const FEED_ENTRIES = 30;

export type FeedFormat = 'rss' | 'atom';

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** What every feed says of the site. */
export interface FeedSite extends LinkStyle {
  name: string;
  language: Language;
}

/** A built feed: its XML and its newest entry's time (Unix ms; 0 for an empty feed). */
export interface BuiltFeed {
  xml: string;
  lastModified: number;
}

interface FeedHead {
  /** The feed's own path, without the format's extension (`/feeds/questions`). */
  path: string;
  /** The page the feed follows. */
  link: string;
  titleKey: string;
  params: Record<string, string>;
}

const base = (site: FeedSite) => site.siteUrl.replace(/\/+$/, '');

function build(site: FeedSite, head: FeedHead, items: Item[], format: FeedFormat): BuiltFeed {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(key, site.language, { site_name: site.name, ...head.params, ...params });
  const lastModified = items.reduce((max, item) => Math.max(max, item.date.getTime()), 0);
  const self = `${base(site)}${head.path}`;
  const feed = new Feed({
    id: self,
    title: t(head.titleKey),
    description: t(`${head.titleKey}_description`),
    link: head.link,
    language: site.language.replace('_', '-'),
    updated: new Date(lastModified || 0),
    generator: false,
    favicon: `${base(site)}/favicon.ico`,
    copyright: '',
    feedLinks: { rss: `${self}.rss`, atom: `${self}.atom` },
  });
  for (const item of items) feed.addItem(item);
  return { xml: format === 'rss' ? feed.rss2() : feed.atom1(), lastModified };
}

const author = (name: string, username: string, site: FeedSite) => [
  { name, link: `${base(site)}/users/${encodeURIComponent(username)}` },
];

/** The newest questions, of the site or of one tag (`tag`: its slug and display name). */
export function questionsFeed(
  site: FeedSite,
  questions: QuestionPageItem[],
  format: FeedFormat,
  tag?: { slug: string; name: string },
): BuiltFeed {
  const items = questions.map((question): Item => {
    const link = questionUrl(base(site), question.id, question.title, site.permalink);
    const asker = question.operator;
    return {
      title: question.title,
      id: link,
      link,
      date: new Date(question.created_at * 1000),
      description: question.description,
      category: question.tags.map((t) => ({ name: t.display_name || t.slug_name, term: t.slug_name })),
      ...(asker ? { author: author(asker.display_name || asker.username, asker.username, site) } : {}),
    };
  });
  const head: FeedHead = tag
    ? {
        path: `/feeds/tags/${encodeURIComponent(tag.slug)}`,
        link: `${base(site)}/tags/${encodeURIComponent(tag.slug)}`,
        titleKey: 'crawl.feed.tag',
        params: { tag: tag.name },
      }
    : { path: '/feeds/questions', link: `${base(site)}/questions`, titleKey: 'crawl.feed.questions', params: {} };
  return build(site, head, items, format);
}

/** The newest answers of one question, each with its rendered (sanitized) body. */
export function answersFeed(
  site: FeedSite,
  question: { id: string; title: string },
  answers: AnswerRow[],
  users: Map<number, PostUserInfo>,
  format: FeedFormat,
): BuiltFeed {
  const questionLink = questionUrl(base(site), question.id, question.title, site.permalink);
  const items = answers.map((answer): Item => {
    const user = users.get(Number(answer.user_id));
    const name = user ? user.display_name || user.username : '';
    const link = `${questionLink}/${encodeURIComponent(answer.id)}`;
    return {
      title: translate('crawl.feed.answer_title', site.language, { author: name, title: question.title }),
      id: link,
      link,
      date: new Date(Number(answer.updated_at) || Number(answer.created_at)),
      published: new Date(Number(answer.created_at)),
      content: answer.parsed_text,
      ...(user ? { author: author(name, user.username, site) } : {}),
    };
  });
  const head: FeedHead = {
    path: `/feeds/questions/${encodeURIComponent(question.id)}`,
    link: questionLink,
    titleKey: 'crawl.feed.answers',
    params: { title: question.title },
  };
  return build(site, head, items, format);
}

import type { SiteQuestions, SiteTags } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { requirePermission } from '../permission/require';
import type { Permit } from '../post/actor';
import type { ReasonDefinition } from '../reasons/defaults';
import type { TagPlan } from '../tag/post-tags';
import { DUPLICATE_REASON_KEY } from './table';

/** The write settings the post rules read (the question and tag write settings). */
export interface WriteRules {
  question: SiteQuestions;
  tag: SiteTags;
}

/** The shortest title a question may have. */
export const TITLE_MIN_LENGTH = 6;

/**
 * The body's length as the min_content rule counts it: characters (code points) of the trimmed
 * markdown. Answer counts bytes of the untrimmed text; characters treat every script alike.
 */
export function contentLength(content: string): number {
  return [...content.trim()].length;
}

/**
 * The field failures of a question's title, body and planned tags under the write rules: a title of
 * 6, a body that renders, min_content characters, min_tags distinct tags and, on a new question when
 * required_tag is on, one recommended tag (`recommended` gives the names to offer; none: no rule).
 */
export async function postFailures(
  post: { title: string; content: string; html: string; plan: TagPlan; isNew: boolean },
  rules: WriteRules,
  recommended: () => Promise<string[]>,
): Promise<FieldFailure[]> {
  const failures: FieldFailure[] = [];
  if (post.title.length < TITLE_MIN_LENGTH) failures.push({ field: 'title', reason: 'error.question.title_too_short' });
  const minContent = rules.question.min_content;
  if (post.html === '') failures.push({ field: 'content', reason: 'error.question.content_empty' });
  else if (contentLength(post.content) < minContent)
    failures.push({
      field: 'content',
      reason: 'error.question.content_less_than_minimum',
      params: { limit: minContent },
    });
  const minTags = rules.question.min_tags;
  if (post.plan.entries.length < minTags) {
    failures.push({ field: 'tags', reason: 'error.tag.minimum_count', params: { limit: minTags } });
  } else if (post.isNew && rules.tag.required_tag && !post.plan.entries.some((e) => e.recommend)) {
    const names = await recommended();
    if (names.length)
      failures.push({ field: 'tags', reason: 'error.tag.recommend_tag_enter', params: { tags: names.join(', ') } });
  }
  return failures;
}

/** Whether `text` is an absolute http(s) link (the remark of a duplicate close). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** requirePermission bound to a request: what post writes check tag permissions through. */
export function permitOf(request: FastifyRequest): Permit {
  return (action) => requirePermission(request, action);
}

/**
 * The close reason `closeType` names among the question's close reasons, with its remark: 400 field
 * errors for an unknown reason, a missing remark the reason asks for, a duplicate's remark that is no link.
 */
export function closeReasonOf(
  reasons: ReasonDefinition[],
  closeType: number | undefined,
  closeMsg: string | undefined,
): { reason: ReasonDefinition; msg: string } {
  const reason = reasons.find((r) => r.id === closeType);
  if (!reason) throw ApiFailure.fields([{ field: 'close_type', reason: 'error.question.close_type_invalid' }]);
  const msg = reason.content_type ? (closeMsg ?? '').trim() : '';
  if (reason.content_type && msg === '')
    throw ApiFailure.fields([{ field: 'close_msg', reason: 'error.question.close_msg_required' }]);
  if (reason.key === DUPLICATE_REASON_KEY && !isHttpUrl(msg))
    throw ApiFailure.fields([{ field: 'close_msg', reason: 'error.question.close_msg_url' }]);
  return { reason, msg };
}

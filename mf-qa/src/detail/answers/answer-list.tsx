import { ANSWER_PAGE_SIZE, answerInfoQuery, answerPageQuery } from '@agora/shared-api/resources/answer';
import type { Permalink } from '@agora/shared-api';
import { formatCount, ListPlaceholder, Pagination, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { ANSWER_ORDERS, type AnswerInfo, type AnswerOrder, type QuestionInfo } from '../api';
import { AnswerItem } from './answer-item';

/** The highlight of a linked answer fades after 3.2 s. */
export const HIGHLIGHT_MS = 3200;

/** order and page from the URL; unknown values mean the defaults. */
export function readAnswerParams(search: URLSearchParams): { order: AnswerOrder; page: number } {
  const rawOrder = search.get('order');
  const order = (ANSWER_ORDERS as readonly string[]).includes(rawOrder ?? '') ? (rawOrder as AnswerOrder) : 'default';
  const rawPage = Number(search.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  return { order, page };
}

function hrefWith(pathname: string, search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export interface AnswerListProps {
  question: QuestionInfo;
  /** The answer the URL points at (/questions/{qid}/{slug}/{aid}). */
  focusId: string | undefined;
  /** A comment of the focused answer a link points at (?commentId=). */
  commentId?: string;
  canAccept: boolean;
  permalink: Permalink;
  timeZone: string;
}

/** The answers: count heading, sort, the page of answers (the linked one first when it is elsewhere). */
export function AnswerList({ question, focusId, commentId, canAccept, permalink, timeZone }: AnswerListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { order, page } = readAnswerParams(search);
  const answers = useQuery(answerPageQuery(question.id, order, page));
  const list = answers.data?.list;
  const missing = !!focusId && !!list && !list.some((a) => a.id === focusId);
  const focused = useQuery({ ...answerInfoQuery(question.id, focusId ?? ''), enabled: missing });

  // The linked answer under the id the server uses (a long id in the URL, short ids in lists: permalink 3/4).
  const focusAnswer = missing ? focused.data : undefined;
  const target = focusAnswer?.id ?? focusId;
  const shown: AnswerInfo[] = list
    ? focusAnswer
      ? [focusAnswer, ...list.filter((a) => a.id !== focusAnswer.id)]
      : list
    : [];

  // The linked answer: scrolled to, focused and highlighted once it is on the page (fade 3.2 s).
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const done = useRef<string | null>(null);
  const refs = useRef(new Map<string, HTMLElement>());
  const present = !!target && shown.some((a) => a.id === target);
  useEffect(() => {
    if (!target || !present || done.current === target) return;
    done.current = target;
    const element = refs.current.get(target);
    element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
    setHighlighted(target);
  }, [target, present]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const count = answers.data?.count ?? question.answer_count;
  const options = ANSWER_ORDERS.map((value) => ({ value, label: t(`detail.answers.sort.${value}`) }));

  return (
    <section className="qa-answers" aria-labelledby="qa-answers-title">
      <div className="qa-answers__head">
        <h2 id="qa-answers-title" className="qa-section-title">
          {t('detail.answers.heading', { count, value: formatCount(count, i18n.language) })}
        </h2>
        {count > 0 && (
          <SortButtonGroup
            options={options}
            value={order}
            hrefFor={(value) => hrefWith(pathname, search, { order: value === 'default' ? null : value, page: null })}
            label={t('detail.answers.sort_label')}
          />
        )}
      </div>
      {answers.isPending ? (
        <ListPlaceholder rows={3} />
      ) : answers.isError ? (
        <p role="alert" className="qa-muted">
          {t('detail.answers.load_failed')}
        </p>
      ) : shown.length === 0 ? (
        <p className="qa-muted">{t('detail.answers.none')}</p>
      ) : (
        <>
          <div className="qa-answers__list" role="list" aria-label={t('detail.answers.list')}>
            {shown.map((answer) => (
              <div role="listitem" key={answer.id}>
                <AnswerItem
                  ref={(element) => {
                    if (element) refs.current.set(answer.id, element);
                    else refs.current.delete(answer.id);
                  }}
                  answer={answer}
                  question={question}
                  canAccept={canAccept}
                  permalink={permalink}
                  timeZone={timeZone}
                  highlighted={highlighted === answer.id}
                  commentId={answer.id === target ? commentId : undefined}
                />
              </div>
            ))}
          </div>
          <Pagination
            page={page}
            pageSize={ANSWER_PAGE_SIZE}
            total={answers.data?.count ?? 0}
            hrefFor={(next) => hrefWith(pathname, search, { page: next > 1 ? String(next) : null })}
            label={t('detail.answers.pagination')}
          />
        </>
      )}
    </section>
  );
}

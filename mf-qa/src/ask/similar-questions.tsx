import { questionPath, type Permalink } from '@agora/shared-api';
import { similarQuestionsQuery } from '@agora/shared-api/resources/question';
import { formatCount, useDebounced } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { SIMILAR_DEBOUNCE_MS, TITLE_MAX } from './api';

/** Questions like the title being typed (GET question/similar?title=, asked once typing rests ~400 ms). */
export function SimilarQuestions({ title, permalink }: { title: string; permalink: Permalink }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  // A title over the limit is invalid (the form says so) and the server refuses the query: none is sent.
  const typed = title.trim();
  const settled = useDebounced(typed.length <= TITLE_MAX ? typed : '', SIMILAR_DEBOUNCE_MS);
  const similar = useQuery(similarQuestionsQuery(settled));
  const list = settled ? (similar.data ?? []) : [];
  if (list.length === 0) return null;
  return (
    <section className="qa-similar" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-similar__title">
        {t('ask.similar.title')}
      </h2>
      <ul className="qa-similar__list">
        {list.map((q) => (
          <li key={q.id} className="qa-similar__item">
            <a href={questionPath(q.id, q.url_title, permalink)} target="_blank" rel="noopener noreferrer">
              {q.title}
            </a>
            <span className={`qa-similar__count${q.accepted_answer ? ' qa-similar__count--accepted' : ''}`}>
              {t('ask.similar.answers', { count: q.answer_count, value: formatCount(q.answer_count, i18n.language) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

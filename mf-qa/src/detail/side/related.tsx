import { type Permalink, questionPath } from '@agora/shared-api';
import { relatedQuestionsQuery } from '@agora/shared-api/resources/question';
import { formatCount, SideCard } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { hasId } from '../api';
import { CheckIcon } from '../question/icons';

/** Questions sharing tags with this one (GET question/similar/tag), with their answer counts. */
export function RelatedQuestions({ questionId, permalink }: { questionId: string; permalink: Permalink }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const related = useQuery(relatedQuestionsQuery(questionId));
  if (!related.isSuccess) return null;
  const list = (related.data?.list ?? []).filter((q) => q.id !== questionId);
  return (
    <SideCard title={t('detail.related.title')}>
      {list.length === 0 ? (
        <p className="qa-muted">{t('detail.related.none')}</p>
      ) : (
        <ul className="qa-related">
          {list.map((item) => {
            const accepted = hasId(item.accepted_answer_id);
            return (
              <li key={item.id}>
                <Link to={questionPath(item.id, item.url_title, permalink)}>{item.title}</Link>
                <span className={`qa-related__count${accepted ? ' qa-related__count--accepted' : ''}`}>
                  {accepted && <CheckIcon />}
                  {t('detail.related.answers', {
                    count: item.answer_count,
                    value: formatCount(item.answer_count, i18n.language),
                  })}
                  {accepted && <span className="qa-visually-hidden"> {t('detail.related.accepted')}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </SideCard>
  );
}

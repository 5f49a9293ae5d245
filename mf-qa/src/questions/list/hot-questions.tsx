import { type Permalink, questionPath } from '@agora/shared-api';
import { hotQuestionsQuery } from '@agora/shared-api/resources/question';
import { formatCount, SideCard } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { CheckIcon } from '../../common/list-icons';
import { isAccepted } from '../../common/question-item';

/** Hot-questions side card: titles with answer counts, a check when an answer is accepted. */
export function HotQuestions({ permalink }: { permalink: Permalink }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const hot = useQuery(hotQuestionsQuery());
  // Nothing hot this week (or the list failed): no empty card in the sidebar.
  if (!hot.data || hot.data.list.length === 0) return null;
  return (
    <SideCard title={t('questions.hot.title')}>
      <ul className="qa-hot">
        {hot.data.list.map((item) => {
          const accepted = isAccepted(item);
          return (
            <li key={item.id} className="qa-hot__item">
              <Link className="qa-hot__title" to={questionPath(item.id, item.url_title, permalink)}>
                {item.title}
              </Link>
              <span className={`qa-hot__answers${accepted ? ' qa-count--accepted' : ''}`}>
                {accepted && <CheckIcon />}
                {t('questions.list.answers', {
                  count: item.answer_count,
                  value: formatCount(item.answer_count, i18n.language),
                })}
                {accepted && <span className="qa-visually-hidden">{t('questions.list.accepted')}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </SideCard>
  );
}

import { answerPath, paths, questionPath, useCurrentUser } from '@agora/shared-api';
import { answerKeys } from '@agora/shared-api/resources/answer';
import { tagDirectEditPermissionQuery, timelineQuery } from '@agora/shared-api/resources/activity';
import { questionKeys } from '@agora/shared-api/resources/question';
import { tagKeys } from '@agora/shared-api/resources/tag';
import type { Timeline } from '@agora/shared-api/contract';
import { ListPlaceholder, TimeZoneProvider } from '@agora/shared-ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSite } from '../common/site';
import { NAMESPACE } from '../namespace';
import { STAFF_ROLES } from './kinds';
import { TimelineTable } from './timeline-table';
import '../common/link-button.css';
import '../common/question-list.css';
import './timeline.css';

/** Where the heading links back to: the question, the answer on its page, or the tag. */
function objectPath(info: Timeline['object_info'], permalink: Parameters<typeof questionPath>[2]): string {
  if (info.object_type === 'tag') return paths.tag(info.title);
  if (info.object_type === 'answer') return answerPath(info.question_id, info.answer_id, undefined, permalink);
  return questionPath(info.question_id, undefined, permalink);
}

/**
 * `/posts/{qid}/timeline`, `/posts/{qid}/{aid}/timeline`, `/tags/{tid}/timeline` (logged in): everything that
 * happened to a question, an answer or a tag, newest first. Staff may show votes (not on a tag's); staff and the post's
 * author (for a tag: who may edit tags without review) may roll back to an older revision.
 */
export default function TimelineScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { qid, aid, tid } = useParams();
  const objectId = aid ?? qid ?? tid ?? '';
  const isTag = !qid && !!tid;
  const { user } = useCurrentUser();
  const staff = STAFF_ROLES.has(user?.role_id ?? 0);
  const [showVotes, setShowVotes] = useState(false);
  const switchId = useId();
  const site = useSite();
  const client = useQueryClient();
  // Tags are not voted on: their timelines have no votes to show.
  const votesShown = staff && !isTag;
  const query = useQuery({ ...timelineQuery(objectId, votesShown && showVotes), placeholderData: keepPreviousData });
  const tagEditor = useQuery({ ...tagDirectEditPermissionQuery(), enabled: isTag && !!user && !staff });
  const info = query.data?.object_info;

  useEffect(() => {
    if (!info) return;
    const title = t('timeline.title', { title: info.title });
    document.title = site.name ? `${title} - ${site.name}` : title;
  }, [info, site.name, t]);

  if (query.isError)
    return (
      <p role="alert" className="qa-muted">
        {t('timeline.load_failed')}
      </p>
    );
  if (!query.data || !info) return <ListPlaceholder rows={8} />;

  const owner = !!user && !!info.username && user.username === info.username;
  const mayRollBack = staff || (isTag ? tagEditor.data === true : owner);
  const refreshObject = () =>
    Promise.all(
      info.object_type === 'tag'
        ? [client.invalidateQueries({ queryKey: tagKeys.all })]
        : [
            client.invalidateQueries({ queryKey: questionKeys.detail(info.question_id) }),
            client.invalidateQueries({ queryKey: answerKeys.ofQuestion(info.question_id) }),
          ],
    );
  const of = info.object_type === 'tag' ? 'of_tag' : info.object_type === 'answer' ? 'of_answer' : 'of_question';

  return (
    <TimeZoneProvider timeZone={site.timeZone}>
      <div className="qa-page qa-timeline">
        <header className="qa-timeline__head">
          <h1 className="qa-timeline__title">
            {t('timeline.heading')}
            <span className="qa-timeline__of">
              {t(`timeline.${of}`)} <Link to={objectPath(info, site.permalink)}>{info.title}</Link>
            </span>
          </h1>
          {votesShown && (
            <label className="qa-timeline__votes" htmlFor={switchId}>
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                checked={showVotes}
                aria-checked={showVotes}
                onChange={(e) => setShowVotes(e.target.checked)}
              />{' '}
              {t('timeline.show_votes')}
            </label>
          )}
        </header>
        {query.data.timeline.length === 0 ? (
          <p className="qa-muted">{t('timeline.empty')}</p>
        ) : (
          <TimelineTable
            timeline={query.data}
            objectId={objectId}
            mayRollBack={mayRollBack}
            onRolledBack={() => void refreshObject()}
          />
        )}
      </div>
    </TimeZoneProvider>
  );
}

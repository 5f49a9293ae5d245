import { paths, useLoginState, useRequireLogin } from '@agora/shared-api';
import { revisionsQuery } from '@agora/shared-api/resources/revision';
import { RelativeTime } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';

/** The tag's approved revisions (GET revisions, login required): who, when and the edit summary, newest first. */
export function TagHistory({ tagId }: { tagId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const { logged } = useLoginState();
  const requireLogin = useRequireLogin();
  const revisions = useQuery({ ...revisionsQuery(tagId), enabled: logged });

  let body;
  if (!logged)
    body = (
      <p>
        <button type="button" className="qa-tag-linkbtn" onClick={() => requireLogin()}>
          {t('tags.history.login')}
        </button>
      </p>
    );
  else if (revisions.isPending) body = <p role="status">{t('tags.loading')}</p>;
  else if (revisions.isError)
    body = (
      <p role="alert" className="qa-muted">
        {t('tags.history.load_failed')}
      </p>
    );
  else if (revisions.data.length === 0) body = <p className="qa-muted">{t('tags.history.empty')}</p>;
  else
    body = (
      <ol className="qa-tag-history">
        {revisions.data.map((revision) => {
          const user = revision.user_info;
          const name = user ? user.display_name || user.username : '';
          return (
            <li key={revision.id} className="qa-tag-history__item">
              <span>
                {user?.username ? (
                  <Link to={paths.user(user.username)}>{name}</Link>
                ) : (
                  <span>{t('tags.history.deleted_user')}</span>
                )}{' '}
                <RelativeTime time={revision.create_at} />
              </span>
              <span className={revision.reason ? undefined : 'qa-muted'}>
                {revision.reason || t('tags.history.no_summary')}
              </span>
            </li>
          );
        })}
      </ol>
    );

  return (
    <section className="qa-tag-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-tag-section-title">
        {t('tags.history.title')}
      </h2>
      {body}
      {logged && (
        <p>
          <Link to={paths.tagTimeline(tagId)}>{t('tags.history.timeline')}</Link>
        </p>
      )}
    </section>
  );
}

import { paths } from '@agora/shared-api';
import type { Timeline, TimelineItem } from '@agora/shared-api/contract';
import { RelativeTime, revealExternalImage, useExternalImageGate } from '@agora/shared-ui';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from '../common/site';
import { NAMESPACE } from '../namespace';
import { currentRevision, hasRevision, previousRevisions } from './kinds';
import { RevisionChanges } from './revision-changes';
import { RollbackButton } from './rollback-button';

const HIDDEN = 'N/A';

function Person({ user }: { user: TimelineItem['user_info'] }) {
  const { t } = useTranslation(NAMESPACE);
  if (!user || (user.id === '0' && user.username === HIDDEN)) return <span>{t('timeline.hidden_user')}</span>;
  if (!user.username || user.status === 'deleted') return <span>{t('timeline.deleted_user')}</span>;
  return <Link to={paths.user(user.username)}>{user.display_name || user.username}</Link>;
}

/**
 * A row's comment: a comment (commented rows) is the HTML the server rendered from its markdown and
 * sanitized, mentions linked, shown as in its thread; every other comment is plain text.
 */
function RowComment({ row }: { row: TimelineItem }) {
  const gate = useExternalImageGate(useSite().externalImages);
  if (row.activity_type !== 'commented') return <>{row.comment}</>;
  return (
    <div
      className="qa-timeline__comment-html"
      onClick={revealExternalImage}
      dangerouslySetInnerHTML={{ __html: gate(row.comment) }}
    />
  );
}

export interface TimelineTableProps {
  timeline: Timeline;
  /** The object the timeline is of (rollbacks apply to its own revisions only). */
  objectId: string;
  /** The reader may roll the object back. */
  mayRollBack: boolean;
  onRolledBack?: () => void;
}

/**
 * The timeline as a table: date and time (relative, the exact time on hover), type, who and the comment;
 * revision rows open the diff against the revision before, older revisions offer a rollback.
 */
export function TimelineTable({ timeline, objectId, mayRollBack, onRolledBack }: TimelineTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const rows = timeline.timeline;
  const previous = previousRevisions(rows);
  const current = currentRevision(rows, objectId);
  const toggle = (activityId: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(activityId)) next.delete(activityId);
      else next.add(activityId);
      return next;
    });
  const caption = t(timeline.object_info.object_type === 'tag' ? 'timeline.caption_tag' : 'timeline.caption');

  return (
    <div className="qa-timeline__scroll">
      <table className="qa-timeline__table">
        <caption className="qa-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('timeline.columns.datetime')}</th>
            <th scope="col">{t('timeline.columns.type')}</th>
            <th scope="col">{t('timeline.columns.by')}</th>
            <th scope="col">{t('timeline.columns.comment')}</th>
            <th scope="col">{t('timeline.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const changesId = `${baseId}-changes-${row.activity_id}`;
            const expanded = open.has(row.activity_id);
            const withRevision = hasRevision(row);
            const rollback = mayRollBack && withRevision && row.object_id === objectId && row.revision_id !== current;
            return (
              <Fragment key={row.activity_id}>
                <tr className={row.cancelled ? 'qa-timeline__row qa-timeline__row--cancelled' : 'qa-timeline__row'}>
                  <td data-label={t('timeline.columns.datetime')}>
                    <RelativeTime time={row.created_at} />
                  </td>
                  <td data-label={t('timeline.columns.type')}>
                    <span className="qa-timeline__kind">
                      {t(`timeline.kind.${row.activity_type}`, row.activity_type)}
                    </span>
                    {row.cancelled && <span className="qa-timeline__cancelled"> ({t('timeline.cancelled')})</span>}
                  </td>
                  <td data-label={t('timeline.columns.by')}>
                    <Person user={row.user_info} />
                  </td>
                  <td data-label={t('timeline.columns.comment')} className="qa-timeline__comment">
                    <RowComment row={row} />
                  </td>
                  <td data-label={t('timeline.columns.actions')} className="qa-timeline__actions">
                    {withRevision && (
                      <button
                        type="button"
                        className="qa-link-btn"
                        aria-expanded={expanded}
                        aria-controls={expanded ? changesId : undefined}
                        onClick={() => toggle(row.activity_id)}
                      >
                        {t(expanded ? 'timeline.changes.hide' : 'timeline.changes.show')}
                      </button>
                    )}
                    {rollback && (
                      <RollbackButton
                        objectId={objectId}
                        objectType={timeline.object_info.object_type}
                        revisionId={row.revision_id}
                        {...(onRolledBack ? { onDone: onRolledBack } : {})}
                      />
                    )}
                  </td>
                </tr>
                {expanded && (
                  <tr className="qa-timeline__changes-row">
                    <td colSpan={5}>
                      <RevisionChanges
                        id={changesId}
                        newRevisionId={row.revision_id}
                        oldRevisionId={previous.get(row.activity_id) ?? '0'}
                        objectType={row.object_type}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

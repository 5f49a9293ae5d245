import { timelineDetailQuery } from '@agora/shared-api/resources/activity';
import type { TimelineRevisionSide } from '@agora/shared-api/contract';
import { RevisionDiff, type RevisionSide } from '@agora/shared-ui/diff';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** One revision as the diff compares it: an answer has no title or tags; a tag no tags. */
function sideOf(side: TimelineRevisionSide, objectType: string): RevisionSide {
  if (objectType === 'answer') return { body: side.original_text };
  if (objectType === 'tag') return { title: side.title, body: side.original_text };
  return { title: side.title, tags: side.tags.map((t) => t.display_name || t.slug_name), body: side.original_text };
}

export interface RevisionChangesProps {
  id: string;
  newRevisionId: string;
  oldRevisionId: string;
  objectType: string;
}

/** The changes a revision made against the one before it (GET activity/timeline/detail), loaded when opened. */
export function RevisionChanges({ id, newRevisionId, oldRevisionId, objectType }: RevisionChangesProps) {
  const { t } = useTranslation(NAMESPACE);
  const detail = useQuery(timelineDetailQuery(newRevisionId, oldRevisionId));
  let body;
  if (detail.isPending) body = <p role="status">{t('timeline.changes.loading')}</p>;
  else if (detail.isError)
    body = (
      <p role="alert" className="qa-muted">
        {t('timeline.changes.failed')}
      </p>
    );
  else
    body = (
      <RevisionDiff
        before={sideOf(detail.data.old_revision, objectType)}
        after={sideOf(detail.data.new_revision, objectType)}
        headingLevel={3}
      />
    );
  return (
    <div id={id} className="qa-timeline__changes" role="region" aria-label={t('timeline.changes.label')}>
      {body}
    </div>
  );
}

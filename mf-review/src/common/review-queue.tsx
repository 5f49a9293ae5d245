import { useDocumentTitle } from '@agora/shared-api';
import type { ReviewingTypeName } from '@agora/shared-api/contract';
import { reviewingTypesQuery } from '@agora/shared-api/resources/review';
import { CountBadge } from '@agora/shared-ui';
import { AntdProvider, Button, Tabs } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import './review.css';

export type QueuePanels = Record<ReviewingTypeName, ComponentType>;

/** The tab a visit opens: the one in the address, else the first with work to do, else the first. */
function chosenKind(kinds: { name: ReviewingTypeName; todo_amount: number }[], asked: string | null) {
  return kinds.find((k) => k.name === asked)?.name ?? kinds.find((k) => k.todo_amount > 0)?.name ?? kinds[0]?.name;
}

/**
 * /review: a tab per kind of task the viewer may review (GET reviewing/type) with its to-do count, and
 * the chosen kind's queue, one task at a time. The tab is in the address (`?type=`), so it can be linked.
 */
export function ReviewQueue({ panels }: { panels: QueuePanels }) {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('queue.title'));
  const [params, setParams] = useSearchParams();
  const types = useQuery(reviewingTypesQuery());
  const kinds = types.data ?? [];
  const active = chosenKind(kinds, params.get('type'));

  let body;
  if (types.isPending) {
    body = (
      <p className="review-muted" role="status">
        {t('queue.loading')}
      </p>
    );
  } else if (types.isError) {
    body = (
      <div className="review-state" role="alert">
        <p>{t('queue.load_failed')}</p>
        <Button onClick={() => void types.refetch()}>{t('queue.retry')}</Button>
      </div>
    );
  } else if (!active) {
    body = <p className="review-state review-empty">{t('queue.empty')}</p>;
  } else {
    body = (
      <Tabs
        activeKey={active}
        aria-label={t('queue.kinds_label')}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        destroyOnHidden
        // On a phone the tabs overflow into antd's "more" menu, whose button would otherwise be named
        // by its icon ("ellipsis", untranslated).
        more={{
          icon: (
            <span role="img" aria-label={t('queue.more_kinds')}>
              …
            </span>
          ),
        }}
        items={kinds.map(({ name, todo_amount }) => {
          const Panel = panels[name];
          return {
            key: name,
            label: (
              <span className="review-tab">
                {t(`queue.kind.${name}`)}
                <CountBadge count={todo_amount} label={t('queue.todo', { count: todo_amount })} />
              </span>
            ),
            children: (
              <Suspense
                fallback={
                  <p className="review-muted" role="status">
                    {t('queue.loading')}
                  </p>
                }
              >
                <Panel />
              </Suspense>
            ),
          };
        })}
      />
    );
  }

  return (
    <AntdProvider>
      <section className="review-page" aria-labelledby="review-title">
        <h1 id="review-title" className="review-page__title">
          {t('queue.title')}
        </h1>
        {body}
      </section>
    </AntdProvider>
  );
}

import { useLoginState } from '@agora/shared-api';
import { TAG_PAGE_SIZE, tagPageQuery } from '@agora/shared-api/resources/tag';
import {
  CardPlaceholder,
  ContentWithSidebar,
  EmptyList,
  Pagination,
  SortButtonGroup,
  useDebounced,
} from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FollowingTagsSide } from '../../common/following-tags-side';
import { NAMESPACE } from '../../namespace';
import { useSite } from '../../common/site';
import { pageHref, sortHref } from '../../common/list-params';
import { FILTER_DEBOUNCE_MS, TAG_NAME_MAX, TAG_ORDERS } from '../api';
import '../../common/question-list.css';
import '../tags.css';
import { filterParams, readTagListParams } from './list-params';
import { TagCard } from './tag-card';

/** `/tags`: the tag grid with its filter box, sorts (popular, name, newest) and pages. */
export default function TagListScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const { order, page, filter } = readTagListParams(search);
  const site = useSite();
  const { normal } = useLoginState();
  const list = useQuery(tagPageQuery(order, page, filter));
  const filterId = useId();

  useEffect(() => {
    document.title = site.name ? `${t('tags.list.title')} - ${site.name}` : t('tags.list.title');
  }, [site.name, t]);

  // The box is the user's; the address follows it once typing rests (and so survives a reload). An
  // address changed from outside (back, forward, a link) puts its filter back in the box.
  const [text, setText] = useState(filter);
  const settled = useDebounced(text.trim(), FILTER_DEBOUNCE_MS);
  const applied = useRef(filter);
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    setSearch((current) => filterParams(current, settled), { replace: true });
  }, [settled, setSearch]);
  useEffect(() => {
    if (filter === applied.current) return;
    applied.current = filter;
    setText(filter);
  }, [filter]);

  const options = TAG_ORDERS.map((value) => ({ value, label: t(`tags.list.sort.${value}`) }));
  const data = list.data;

  const content = (
    <>
      <div className="qa-list-head">
        <h1 className="qa-list-head__title">{t('tags.list.title')}</h1>
      </div>
      <div className="qa-tags-toolbar">
        <div className="qa-tags-filter">
          <label htmlFor={filterId}>{t('tags.list.filter_label')}</label>
          <input
            id={filterId}
            type="search"
            className="qa-tag-input"
            value={text}
            maxLength={TAG_NAME_MAX}
            placeholder={t('tags.list.filter_placeholder')}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <SortButtonGroup
          options={options}
          value={order}
          hrefFor={(value) => sortHref(pathname, search, value)}
          label={t('tags.list.sort_label')}
        />
      </div>
      {list.isPending ? (
        <CardPlaceholder cards={TAG_PAGE_SIZE} />
      ) : list.isError || !data ? (
        <p role="alert" className="qa-muted">
          {t('tags.list.load_failed')}
        </p>
      ) : data.list.length === 0 ? (
        <EmptyList />
      ) : (
        <>
          <ul className="qa-tag-grid" aria-label={t('tags.list.list_label')}>
            {data.list.map((tag) => (
              <TagCard key={tag.tag_id} tag={tag} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={TAG_PAGE_SIZE}
            total={data.count}
            hrefFor={(target) => pageHref(pathname, search, target)}
            label={t('tags.list.pagination')}
          />
        </>
      )}
    </>
  );

  return (
    <div className="qa-page qa-tags-page">
      {normal ? (
        <ContentWithSidebar sidebar={<FollowingTagsSide />} sidebarLabel={t('tags.list.sidebar')}>
          {content}
        </ContentWithSidebar>
      ) : (
        content
      )}
    </div>
  );
}

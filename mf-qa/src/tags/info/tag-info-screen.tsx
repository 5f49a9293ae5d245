import { AntdProvider } from '@agora/shared-ui/antd';
import { ListPlaceholder, RelativeTime } from '@agora/shared-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PostBody } from '../../common/editor';
import { NAMESPACE } from '../../namespace';
import { TagHeader } from '../page/tag-header';
import { useTagOfRoute } from '../page/use-tag';
import '../../common/question-list.css';
import '../tags.css';
import { TagDeleteActions } from './tag-delete';
import { TagHistory } from './tag-history';
import { TagSynonymsSection } from './tag-synonyms';

/** `/tags/{slug}/info`: the wiki, when it was created and edited, synonyms, history, delete. */
export default function TagInfoScreen() {
  const { t } = useTranslation(NAMESPACE);
  const wikiId = useId();
  const { query, tag } = useTagOfRoute('tagInfo', (name) => t('tags.info.title', { name }));

  if (query.isError)
    return (
      <p role="alert" className="qa-muted">
        {t('tags.page.load_failed')}
      </p>
    );
  if (!tag) return <ListPlaceholder rows={10} />;

  const edited = tag.updated_at > tag.created_at;
  return (
    <AntdProvider>
      <div className="qa-page qa-tags-page">
        <TagHeader tag={tag} current="info" actions={<TagDeleteActions tag={tag} />} />
        <section className="qa-tag-section" aria-labelledby={wikiId}>
          <h2 id={wikiId} className="qa-tag-section-title">
            {t('tags.info.wiki')}
          </h2>
          <p className="qa-muted qa-tag-times">
            <span>
              {t('tags.info.created')} <RelativeTime time={tag.created_at} />
            </span>
            {edited && (
              <span>
                {t('tags.info.edited')} <RelativeTime time={tag.updated_at} />
              </span>
            )}
          </p>
          {tag.parsed_text ? (
            <PostBody html={tag.parsed_text} className="qa-tag-wiki" />
          ) : (
            <p className="qa-muted">{t('tags.info.no_wiki')}</p>
          )}
        </section>
        <TagSynonymsSection tag={tag} />
        <TagHistory tagId={tag.tag_id} />
      </div>
    </AntdProvider>
  );
}

import { Button, registerSharedUiTranslations, SHARED_UI_NS, SideCard } from '@agora/shared-ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TagEditor } from './tag-editor';
import { tagName, type FollowedTag, type TagSuggestLoader } from './types';
import './following-tags.css';

export interface FollowingTagsCardProps {
  /** The followed tags (GET tags/following). */
  tags: readonly FollowedTag[];
  /** The followed tags are still loading: a busy line, no Edit button. */
  loading?: boolean;
  /** They could not be loaded: an error line, no Edit button. */
  loadFailed?: boolean;
  /** Where a followed tag links to, e.g. `(slug) => paths.tag(slug)`. */
  tagHref: (slug: string) => string;
  /** Suggestions for a typed prefix (GET question/tags?tag=); at most 5 are shown. */
  suggest: TagSuggestLoader;
  /**
   * Saves the complete set (PUT follow/tags `{slug_name_list}`): resolve when saved, reject on failure.
   * `tags` are the same tags with their names, to show them at once.
   */
  onSave: (slugs: string[], tags: FollowedTag[]) => Promise<unknown>;
  /** Default: 'Following tags'. */
  title?: ReactNode;
  /** Default 2 (a sidebar under the page's h1); 3 inside a settings section. */
  headingLevel?: 2 | 3;
}

/**
 * Following-tags card: the followed tags as links, and an editor (Edit) that adds tags from
 * suggestions, removes chips, and saves the whole set. API-free and antd-free: the caller passes the data
 * and the loaders, so it fits the home page's sidebar and the settings screen alike.
 */
export function FollowingTagsCard({
  tags,
  loading,
  loadFailed,
  tagHref,
  suggest,
  onSave,
  title,
  headingLevel = 2,
}: FollowingTagsCardProps) {
  // The shell registers shared-ui's strings at start-up; a host that forgot still gets texts, not keys.
  registerSharedUiTranslations(useTranslation().i18n);
  const { t } = useTranslation(SHARED_UI_NS);
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<FollowedTag[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes after the next render: into the editor when it opens, back to Edit when it closes.
  const focusNext = useRef<'input' | 'edit' | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (focusNext.current === 'input') inputRef.current?.focus();
    if (focusNext.current === 'edit') editRef.current?.focus();
    focusNext.current = null;
  }, [editing]);

  const startEditing = () => {
    setDraft(tags.map(({ slug_name, display_name }) => ({ slug_name, display_name })));
    setFailed(false);
    focusNext.current = 'input';
    setEditing(true);
  };

  const stopEditing = () => {
    setFailed(false);
    focusNext.current = 'edit';
    setEditing(false);
  };

  const save = async () => {
    const slugs = draft.map((tag) => tag.slug_name);
    if (slugs.join('\n') === tags.map((tag) => tag.slug_name).join('\n')) return stopEditing(); // nothing to send
    setSaving(true);
    setFailed(false);
    try {
      await onSave(slugs, draft);
      if (mounted.current) stopEditing();
    } catch {
      if (mounted.current) setFailed(true);
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const canEdit = !editing && !loading && !loadFailed;
  const extra = canEdit ? (
    <button
      ref={editRef}
      type="button"
      className="agora-following-tags__edit"
      aria-label={t('following_tags.edit_label')}
      onClick={startEditing}
    >
      {t('following_tags.edit')}
    </button>
  ) : null;

  return (
    <SideCard title={title ?? t('following_tags.title')} headingLevel={headingLevel} extra={extra}>
      {editing ? (
        <div className="agora-following-tags">
          <TagEditor value={draft} onChange={setDraft} suggest={suggest} disabled={saving} inputRef={inputRef} t={t} />
          {failed && (
            <p id={errorId} role="alert" className="agora-following-tags__error">
              {t('following_tags.save_failed')}
            </p>
          )}
          <div className="agora-following-tags__actions">
            <Button
              variant="primary"
              size="small"
              loading={saving}
              aria-describedby={failed ? errorId : undefined}
              onClick={() => void save()}
            >
              {t('following_tags.save')}
            </Button>
            <Button size="small" disabled={saving} onClick={stopEditing}>
              {t('following_tags.cancel')}
            </Button>
          </div>
        </div>
      ) : loading ? (
        <p className="agora-following-tags__muted" role="status">
          {t('loading')}
        </p>
      ) : loadFailed ? (
        <p className="agora-following-tags__muted" role="alert">
          {t('following_tags.load_failed')}
        </p>
      ) : tags.length === 0 ? (
        <div className="agora-following-tags__empty">
          <p>{t('following_tags.empty')}</p>
          <p className="agora-following-tags__muted">{t('following_tags.empty_hint')}</p>
        </div>
      ) : (
        <ul className="agora-following-tags__tags" aria-label={t('following_tags.list_label')}>
          {tags.map((tag) => (
            <li key={tag.slug_name}>
              <Link className="agora-following-tags__tag" to={tagHref(tag.slug_name)}>
                {tagName(tag)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
}

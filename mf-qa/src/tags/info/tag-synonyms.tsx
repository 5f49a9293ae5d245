import { isApiError, paths } from '@agora/shared-api';
import { tagSynonymsQuery } from '@agora/shared-api/resources/tag';
import { useToast } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { TagSlugInput, useTagSuggestions } from './tag-slug-input';
import { canDo, TAG_SLUG_PATTERN, useSaveSynonyms, type TagInfo, type TagSynonyms } from '../api';

const SLUG = new RegExp(TAG_SLUG_PATTERN);

/** The synonyms of a main tag (GET tag/synonyms) and, when the caller may, their editor. */
export function TagSynonymsSection({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const synonyms = useQuery(tagSynonymsQuery(tag.tag_id));
  const [editing, setEditing] = useState(false);
  const data = synonyms.data;

  let body;
  if (synonyms.isPending) body = <p role="status">{t('tags.loading')}</p>;
  else if (synonyms.isError || !data)
    body = (
      <p role="alert" className="qa-muted">
        {t('tags.synonyms.load_failed')}
      </p>
    );
  else if (editing) body = <SynonymEditor tag={tag} synonyms={data} onDone={() => setEditing(false)} />;
  else
    body = (
      <>
        {data.synonyms.length === 0 ? (
          <p className="qa-muted">{t('tags.synonyms.empty', { name: tag.display_name })}</p>
        ) : (
          <>
            <p>{t('tags.synonyms.intro', { name: tag.display_name })}</p>
            <ul className="qa-tags" aria-label={t('tags.synonyms.title')}>
              {data.synonyms.map((s) => (
                <li key={s.tag_id}>
                  <Link className="qa-tag" to={paths.tag(s.slug_name)}>
                    {s.slug_name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
        {canDo(data.member_actions, 'edit') && (
          <button type="button" className="qa-tag-linkbtn" onClick={() => setEditing(true)}>
            {t('tags.synonyms.edit')}
          </button>
        )}
      </>
    );

  return (
    <section className="qa-tag-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-tag-section-title">
        {t('tags.synonyms.title')}
      </h2>
      {body}
    </section>
  );
}

/** Add by slug (with suggestions from GET question/tags), remove, save the whole set (PUT tag/synonym). */
function SynonymEditor({ tag, synonyms, onDone }: { tag: TagInfo; synonyms: TagSynonyms; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [slugs, setSlugs] = useState(() => synonyms.synonyms.map((s) => s.slug_name));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const offered = useTagSuggestions(text, (s) => s.slug_name !== tag.slug_name && !slugs.includes(s.slug_name));

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const add = (raw: string) => {
    const slug = raw.trim().toLowerCase();
    if (!slug) return;
    if (!SLUG.test(slug)) return fail(t('tags.form.slug_invalid'));
    if (slug === tag.slug_name) return fail(t('tags.synonyms.self'));
    if (slugs.includes(slug)) return fail(t('tags.synonyms.duplicate', { slug }));
    setSlugs([...slugs, slug]);
    setText('');
    setError(null);
  };

  const save = useSaveSynonyms(tag.tag_id, {
    onSuccess: () => {
      toast.success(t('tags.synonyms.saved'));
      onDone();
    },
    // The server names the list in field errors (synonym_self, synonym_has_synonyms...) or says it in msg.
    onError: (e) =>
      fail(
        isApiError(e)
          ? e.fieldErrors.map((f) => f.error_msg).join(' ') || e.message || t('tags.synonyms.save_failed')
          : t('tags.synonyms.save_failed'),
      ),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add(text);
  };

  return (
    <div className="qa-synonym-editor">
      {slugs.length > 0 ? (
        <ul className="qa-tags" aria-label={t('tags.synonyms.chosen')}>
          {slugs.map((slug) => (
            <li key={slug} className="qa-tag qa-tag--chip">
              <span>{slug}</span>
              <button
                type="button"
                className="qa-tag-chip-remove"
                aria-label={t('tags.synonyms.remove', { slug })}
                onClick={() => setSlugs(slugs.filter((s) => s !== slug))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="qa-muted">{t('tags.synonyms.none_chosen')}</p>
      )}
      <form className="qa-synonym-editor__add" onSubmit={onSubmit}>
        <label htmlFor={inputId}>{t('tags.synonyms.add_label')}</label>
        <TagSlugInput
          id={inputId}
          inputRef={input}
          value={text}
          error={error}
          errorId={errorId}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
        />
        <button type="submit" className="qa-tag-btn">
          {t('tags.synonyms.add')}
        </button>
      </form>
      {offered.length > 0 && (
        <ul className="qa-tags" aria-label={t('tags.synonyms.suggestions')}>
          {offered.map((s) => (
            <li key={s.tag_id}>
              <button type="button" className="qa-tag" onClick={() => add(s.slug_name)}>
                {s.slug_name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="qa-tag-field-error">
          {error}
        </p>
      )}
      <div className="qa-tag-form-actions">
        <button
          type="button"
          className="qa-tag-btn qa-tag-btn--primary"
          aria-busy={save.isPending || undefined}
          onClick={() => !save.isPending && save.mutate(slugs)}
        >
          {t('tags.synonyms.save')}
        </button>
        <button type="button" className="qa-tag-linkbtn" onClick={onDone}>
          {t('tags.synonyms.cancel')}
        </button>
      </div>
    </div>
  );
}

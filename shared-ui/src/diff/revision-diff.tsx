import { useId, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { diffList, diffText, hasChanges, type DiffPart } from './text-diff';
import './revision-diff.css';

/** One version of a post or tag as a diff compares it. */
export interface RevisionSide {
  /** The title (a question) or display name (a tag); omitted for answers. */
  title?: string;
  /** Tag names (display names); omitted when the object has no tags. */
  tags?: readonly string[];
  /** The markdown source. */
  body: string;
}

export interface RevisionDiffProps {
  before: RevisionSide;
  after: RevisionSide;
  /** Heading level of the section captions (default 3). */
  headingLevel?: 2 | 3 | 4;
}

function Parts({ parts }: { parts: readonly DiffPart[] }) {
  const { t } = useSharedUiTranslation();
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const Tag = part.kind === 'added' ? 'ins' : 'del';
        return (
          <Tag key={index} className={`agora-diff-${part.kind}`}>
            <span className="agora-visually-hidden">{t(`diff.${part.kind}_start`)}</span>
            {part.text}
            <span className="agora-visually-hidden">{t(`diff.${part.kind}_end`)}</span>
          </Tag>
        );
      })}
    </>
  );
}

function Section({ caption, level, children }: { caption: string; level: 2 | 3 | 4; children: ReactNode }) {
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <section className="agora-diff-section" aria-labelledby={id}>
      <Heading id={id} className="agora-diff-caption">
        {caption}
      </Heading>
      {children}
    </section>
  );
}

/**
 * A readable diff of two versions of a question, answer or tag: the title and the body word by word,
 * the tags as kept, added and removed chips. Additions are `<ins>`, removals `<del>`, each also announced
 * in words to screen readers; colour is never the only signal (removed text is struck through).
 */
export function RevisionDiff({ before, after, headingLevel = 3 }: RevisionDiffProps) {
  const { t } = useSharedUiTranslation();
  const title =
    before.title !== undefined || after.title !== undefined ? diffText(before.title ?? '', after.title ?? '') : null;
  const tags = before.tags || after.tags ? diffList(before.tags ?? [], after.tags ?? []) : null;
  const body = diffText(before.body, after.body);
  const changed = (title && hasChanges(title)) || (tags && hasChanges(tags)) || hasChanges(body);
  return (
    <div className="agora-diff">
      {!changed && <p className="agora-diff-unchanged">{t('diff.unchanged')}</p>}
      {title && (
        <Section caption={t('diff.title')} level={headingLevel}>
          <p className="agora-diff-title">
            <Parts parts={title} />
          </p>
        </Section>
      )}
      {tags && (
        <Section caption={t('diff.tags')} level={headingLevel}>
          <ul className="agora-diff-tags">
            {tags.map(({ kind, item }, index) => (
              <li key={`${kind}-${item}-${index}`} className={`agora-diff-tag agora-diff-tag-${kind}`}>
                {kind === 'same' ? item : <Parts parts={[{ kind, text: item }]} />}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section caption={t('diff.body')} level={headingLevel}>
        <div className="agora-diff-body">
          <Parts parts={body} />
        </div>
      </Section>
    </div>
  );
}

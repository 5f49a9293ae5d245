import { paths, useLoginState } from '@agora/shared-api';
import { followingTagsQuery, searchTags, useSaveFollowedTags } from '@agora/shared-api/resources/tag';
import { SHARED_UI_NS, SideCard } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Its own shared-ui entry, fetched only when a member's sidebar shows it: visitors' pages never load it.
const FollowingTagsCard = lazy(() =>
  import('@agora/shared-ui/following-tags').then((m) => ({ default: m.FollowingTagsCard })),
);

export interface FollowingTagsSideProps {
  /** Default 2: a sidebar card under the page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * Following-tags side card for sidebars: the member's followed tags with edit and save. Nothing
 * for visitors and for accounts that cannot follow yet (not activated, suspended): PUT follow/tags needs an
 * active account.
 */
export function FollowingTagsSide({ headingLevel }: FollowingTagsSideProps) {
  const { normal } = useLoginState();
  if (!normal) return null;
  return <MemberCard headingLevel={headingLevel} />;
}

function MemberCard({ headingLevel }: FollowingTagsSideProps) {
  const following = useQuery(followingTagsQuery());
  const save = useSaveFollowedTags();
  return (
    <Suspense fallback={<CardFallback headingLevel={headingLevel} />}>
      <FollowingTagsCard
        tags={following.data ?? []}
        loading={following.isPending}
        loadFailed={following.isError}
        tagHref={paths.tag}
        suggest={searchTags}
        onSave={save}
        headingLevel={headingLevel}
      />
    </Suspense>
  );
}

/** The card's frame while its code arrives, so the sidebar does not jump. */
function CardFallback({ headingLevel }: FollowingTagsSideProps) {
  const { t } = useTranslation(SHARED_UI_NS);
  return (
    <SideCard title={t('following_tags.title')} headingLevel={headingLevel}>
      <p role="status">{t('loading')}</p>
    </SideCard>
  );
}

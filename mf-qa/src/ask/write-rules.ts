import { siteInfoQuery, useCurrentUser } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';
import type { WriteRules } from './question-form';

/** Moderator (3) and admin (2) roles may use reserved tags (docs/product-rules.md). */
const STAFF_ROLES = new Set([2, 3]);

/**
 * The site's write settings as the forms check them (siteinfo.site_questions and site_tags; defaults when
 * the server does not send them: at least one tag, no body minimum, no required tag) and whether the
 * logged user may use reserved tags. `ready` once the site info is known.
 */
export function useWriteRules(mode: 'ask' | 'edit'): { ready: boolean; rules: WriteRules } {
  const site = useQuery(siteInfoQuery());
  const { user } = useCurrentUser();
  const questions = site.data?.site_questions;
  const tags = site.data?.site_tags;
  return {
    ready: !site.isPending,
    rules: {
      minTags: questions?.min_tags ?? 1,
      minContent: questions?.min_content ?? 0,
      // Every NEW question needs a recommended tag when the switch is on.
      requiredTag: mode === 'ask' && !!tags?.required_tag,
      recommended: tags?.recommend_tags ?? [],
      reserved: tags?.reserved_tags ?? [],
      canUseReserved: STAFF_ROLES.has(user?.role_id ?? 0),
    },
  };
}

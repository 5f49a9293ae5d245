import { paths } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { tagByNameQuery } from '../api';

/**
 * The tag of `/tags/{slug}` and `/tags/{slug}/info`. A synonym's address answers with its main tag: the
 * address is replaced by the main tag's (same page, same query). `redirecting` while that happens.
 */
export function useTagOfRoute(page: 'tag' | 'tagInfo') {
  const { tagName = '' } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = useQuery(tagByNameQuery(tagName));
  const mainSlug = query.data?.slug_name;
  const redirecting = !!mainSlug && mainSlug !== tagName;
  useEffect(() => {
    if (mainSlug && mainSlug !== tagName) void navigate(paths[page](mainSlug) + search, { replace: true });
  }, [mainSlug, tagName, navigate, page, search]);
  return { query, tag: redirecting ? undefined : query.data, slug: tagName };
}

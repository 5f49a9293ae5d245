import { paths } from '@agora/shared-api';
import { tagByNameQuery } from '@agora/shared-api/resources/tag';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSite } from '../../common/site';

/**
 * The tag of `/tags/{slug}` and `/tags/{slug}/info`. A synonym's address answers with its main tag: the
 * address is replaced by the main tag's (same page, same query); `tag` is undefined while that happens.
 * `titleOf(name)` gives the document title of the screen.
 */
export function useTagOfRoute(page: 'tag' | 'tagInfo', titleOf: (name: string) => string) {
  const { tagName = '' } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = useQuery(tagByNameQuery(tagName));
  const mainSlug = query.data?.slug_name;
  const redirecting = !!mainSlug && mainSlug !== tagName;
  useEffect(() => {
    if (mainSlug && mainSlug !== tagName) void navigate(paths[page](mainSlug) + search, { replace: true });
  }, [mainSlug, tagName, navigate, page, search]);
  const tag = redirecting ? undefined : query.data;
  // The document title names the tag ('{name} - {site}') once it is known.
  const site = useSite();
  const name = tag?.display_name || tag?.slug_name;
  const title = name ? titleOf(name) : '';
  useEffect(() => {
    if (title) document.title = site.name ? `${title} - ${site.name}` : title;
  }, [title, site.name]);
  return { query, tag, slug: tagName, name };
}

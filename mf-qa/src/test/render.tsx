// A screen as the shell mounts it (query client, theme, router, session): shared by every remote's tests.
export { currentLocation, MEMBER, renderScreen, type RenderOptions } from '@agora/test-kit/render';

/** A tag as GET question/tags and GET tags answer it. */
export const tagBrief = (
  slug: string,
  over: Partial<{ display_name: string; recommend: boolean; reserved: boolean }> = {},
) => ({
  tag_id: `id-${slug}`,
  slug_name: slug,
  display_name: over.display_name ?? slug,
  recommend: over.recommend ?? false,
  reserved: over.reserved ?? false,
});

import { TEST_USER } from '@agora/shared-api/testing';

// A screen as the shell mounts it (query client, theme, router, session): shared by every remote's tests.
export { currentLocation, renderScreen, type RenderOptions } from '@agora/shared-ui/testing';

/** The member a screen test logs in as unless it says otherwise (rank 1, role 1: an ordinary member). */
export const MEMBER = TEST_USER;

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

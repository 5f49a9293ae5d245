import { Type, type Static } from 'typebox';

/** A post body's limit in characters (security checklist L5; answer-api.md §2.3). */
export const POST_CONTENT_MAX_LENGTH = 65535;

/** POST /answer/api/v1/post/render body (answer-api.md §2.9): the markdown to preview. */
export const PostRenderBody = Type.Object({
  content: Type.String({ maxLength: POST_CONTENT_MAX_LENGTH }),
});
export type PostRenderBody = Static<typeof PostRenderBody>;

/** Its answer: the sanitized HTML the server would store for this markdown ('' for blank input). */
export const PostRenderResult = Type.String();
export type PostRenderResult = Static<typeof PostRenderResult>;

import { Type, type Static } from 'typebox';

/** A post body's limit in characters (bounds the work of rendering; docs/wire-contract.md). */
export const POST_CONTENT_MAX_LENGTH = 65535;

/** POST /answer/api/v1/post/render body (docs/wire-contract.md): the markdown to preview. */
export const PostRenderBody = Type.Object({
  content: Type.String({ maxLength: POST_CONTENT_MAX_LENGTH }),
});
export type PostRenderBody = Static<typeof PostRenderBody>;

/** Its answer: the sanitized HTML the server would store for this markdown ('' for blank input). */
export const PostRenderResult = Type.String();
export type PostRenderResult = Static<typeof PostRenderResult>;

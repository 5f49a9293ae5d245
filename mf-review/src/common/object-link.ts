import { paths, postPath } from '@agora/shared-api';

/** The object a task is about, as every queue names it. */
export interface TaskObjectRef {
  object_type: string;
  question_id: string;
  answer_id: string;
  url_title: string;
}

/**
 * Where a reviewer reads the object: the question, or the answer in its question (a comment: the post it
 * is on). `tagSlug` for a tag.
 */
export function objectPath(ref: TaskObjectRef, tagSlug?: string): string {
  if (ref.object_type === 'tag') return paths.tag(tagSlug ?? ref.url_title);
  return postPath(ref);
}

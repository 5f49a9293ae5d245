// What a markdown editor outside the Q&A pages needs from the API: the preview and image uploads.
import { api } from '@agora/shared-api';

/** POST post/render: the site's HTML for a markdown text (the editor's preview). */
export const renderPost = (content: string) => api.post<string>('post/render', { content });

/** POST file (source `post`): uploads a picture for a post and answers with its address. */
export function uploadPostImage(file: File) {
  const body = new FormData();
  body.append('source', 'post');
  body.append('file', file, file.name);
  return api.request<string>('post', 'file', { body });
}

/** POST file (source `post_attachment`): uploads a file attached to a post and answers with its download address. */
export function uploadPostAttachment(file: File) {
  const body = new FormData();
  body.append('source', 'post_attachment');
  body.append('file', file, file.name);
  return api.request<string>('post', 'file', { body });
}

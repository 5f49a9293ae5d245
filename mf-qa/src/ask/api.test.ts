import { describe, expect, it } from 'vitest';
import { mockFetch } from '@agora/shared-api/testing';
import { fetchSimilarQuestions } from '@agora/shared-api/resources/question';
import { renderPost, uploadPostImage } from '../common/post-api';

describe('ask api', () => {
  it('the editor preview posts the markdown to post/render and gets the HTML', async () => {
    const http = mockFetch({ 'POST /answer/api/v1/post/render': '<p><strong>hi</strong></p>' });
    await expect(renderPost('**hi**')).resolves.toBe('<p><strong>hi</strong></p>');
    expect(http.bodiesOf('POST', '/answer/api/v1/post/render')).toEqual([{ content: '**hi**' }]);
  });

  it('an image is uploaded as multipart with source=post and answers its URL', async () => {
    const http = mockFetch({ 'POST /answer/api/v1/file': 'https://agora.example/uploads/post/abc.png' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'diagram.png', { type: 'image/png' });
    await expect(uploadPostImage(file)).resolves.toBe('https://agora.example/uploads/post/abc.png');
    const call = http.calls.find((c) => c.path === '/answer/api/v1/file')!;
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(call.body)).toMatch(/name="source"\r\n\r\npost\r\n/);
    // (jsdom's File loses its name on the way into Node's fetch; the browser keeps it.)
    expect(String(call.body)).toMatch(/name="file"; filename="[^"]+"\r\nContent-Type: image\/png/);
  });

  it('similar questions take the bare array Answer sends (or a {list} page)', async () => {
    mockFetch({ 'GET /answer/api/v1/question/similar': [{ id: '1', title: 'A' }] });
    await expect(fetchSimilarQuestions('A')).resolves.toEqual([{ id: '1', title: 'A' }]);
    mockFetch({ 'GET /answer/api/v1/question/similar': { count: 1, list: [{ id: '2', title: 'B' }] } });
    await expect(fetchSimilarQuestions('B')).resolves.toEqual([{ id: '2', title: 'B' }]);
  });
});

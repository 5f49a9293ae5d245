import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { questionItem, questionItems } from '../../test/questions';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { action, currentLocation, renderScreen, TAG_ROUTES, tagInfo, V1 } from '../test/render';
import TagPageScreen from './tag-page-screen';

const TAG = `GET ${V1}/tag`;
const QUESTIONS = `GET ${V1}/question/page`;
const questionCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === `${V1}/question/page`);

describe('tag page', () => {
  it('shows the tag, its links and the questions tagged with it', async () => {
    const http = mockFetch({
      [TAG]: tagInfo({ member_actions: [action('edit')] }),
      [QUESTIONS]: { count: 1, list: [questionItem({ title: 'Hooks or classes?' })] },
    });
    renderScreen(TagPageScreen, { url: '/tags/react', routes: TAG_ROUTES });
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    expect(http.calls.find((c) => c.path === `${V1}/tag`)!.query.get('name')).toBe('react');
    expect(screen.getByText('A library for building user interfaces.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Info' })).toHaveAttribute('href', '/tags/react/info');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/tags/10030000000000001/edit');
    expect(screen.getByRole('link', { name: 'Ask question' })).toHaveAttribute('href', '/questions/ask?tags=react');
    expect(screen.getByRole('button', { name: 'Follow React' })).toBeInTheDocument();
    expect(screen.getByText('3 followers')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Questions tagged React' });
    expect(within(list).getByRole('link', { name: 'Hooks or classes?' })).toBeInTheDocument();
    expect(Object.fromEntries(questionCalls(http.calls).at(-1)!.query)).toEqual({
      order: 'active',
      page: '1',
      page_size: '20',
      tag: 'react',
    });
    await waitFor(() => expect(document.title).toBe('React questions - Agora'));
  });

  it('no Edit link without the edit action', async () => {
    mockFetch({ [TAG]: tagInfo(), [QUESTIONS]: { count: 0, list: [] } });
    renderScreen(TagPageScreen, { url: '/tags/react', routes: TAG_ROUTES, user: null });
    await screen.findByRole('heading', { level: 1, name: 'React' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(await screen.findByText(/We couldn't find anything/)).toBeInTheDocument();
  });

  it('sorts and pages: links keep the path, sort drops the page, the server gets order, page and tag', async () => {
    const http = mockFetch({ [TAG]: tagInfo(), [QUESTIONS]: { count: 45, list: questionItems(20) } });
    const user = userEvent.setup();
    renderScreen(TagPageScreen, { url: '/tags/react?order=score&page=2', routes: TAG_ROUTES });
    await screen.findByRole('list', { name: 'Questions tagged React' });
    expect(Object.fromEntries(questionCalls(http.calls).at(-1)!.query)).toMatchObject({ order: 'score', page: '2' });
    expect(screen.getByRole('link', { name: 'Newest' })).toHaveAttribute('href', '/tags/react?order=newest');
    const pages = screen.getByRole('navigation', { name: 'Question pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/tags/react?order=score&page=3',
    );
    await user.click(screen.getByRole('link', { name: 'Unanswered' }));
    await waitFor(() =>
      expect(Object.fromEntries(questionCalls(http.calls).at(-1)!.query)).toMatchObject({
        order: 'unanswered',
        page: '1',
        tag: 'react',
      }),
    );
  });

  it("a synonym's address is replaced by its main tag's", async () => {
    const http = mockFetch({ [TAG]: tagInfo(), [QUESTIONS]: { count: 0, list: [] } });
    renderScreen(TagPageScreen, { url: '/tags/reactjs?order=newest', routes: TAG_ROUTES });
    await waitFor(() => expect(currentLocation()).toBe('/tags/react?order=newest'));
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    // The questions are asked for the main tag only.
    await waitFor(() => expect(questionCalls(http.calls).length).toBeGreaterThan(0));
    expect(questionCalls(http.calls).map((c) => c.query.get('tag'))).not.toContain('reactjs');
  });

  it('a tag the site does not have is the 404 page', async () => {
    mockFetch({ [TAG]: envelope(null, 404, 'tag.not_found', 'Tag not found.') });
    const { shellErrors } = renderScreen(TagPageScreen, { url: '/tags/nope', routes: TAG_ROUTES });
    await waitFor(() => expect(shellErrors).toEqual([expect.objectContaining({ status: 404 })]));
  });
});

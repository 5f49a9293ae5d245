import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ErrorPage, type ErrorPageCode } from './error-page';

const cases: [ErrorPageCode, string, string][] = [
  [403, 'HTTP Error 403', "You don't have permission to access this page."],
  [404, 'HTTP Error 404', "Unfortunately, this page doesn't exist."],
  ['50X', 'HTTP Error 50X', 'The server encountered an error and could not complete your request.'],
  [500, 'HTTP Error 500', 'The server encountered an error and could not complete your request.'],
  [503, 'HTTP Error 503', 'The server encountered an error and could not complete your request.'],
];

describe('ErrorPage', () => {
  it.each(cases)('code %s shows its title and the description for the code', (code, title, description) => {
    renderWithProviders(<ErrorPage code={code} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
  });

  it('links back to the homepage', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<p>Home screen</p>} />
        <Route path="*" element={<ErrorPage code={404} />} />
      </Routes>,
      { route: '/no/such/page' },
    );
    const link = screen.getByRole('link', { name: 'Back to homepage' });
    expect(link).toHaveAttribute('href', '/');
    await userEvent.click(link);
    expect(screen.getByText('Home screen')).toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<ErrorPage code={404} />, { language: 'zh_CN' });
    expect(screen.getByRole('heading', { name: 'HTTP 错误 404' })).toBeInTheDocument();
    expect(screen.getByText('很抱歉，此页面不存在。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
  });
});

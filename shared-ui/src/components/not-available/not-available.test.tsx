import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NotAvailable } from './not-available';

describe('NotAvailable', () => {
  it('says plainly that the feature is not available yet', () => {
    renderWithProviders(<NotAvailable feature="Notifications" />);
    const status = screen.getByRole('status', { name: 'Not available yet' });
    expect(status).toHaveTextContent('Notifications is not available yet. It will arrive in a later release.');
    expect(screen.getByRole('heading', { level: 1, name: 'Not available yet' })).toBeInTheDocument();
  });

  it('has a generic sentence and a second-level heading when asked', () => {
    renderWithProviders(<NotAvailable headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Not available yet' })).toBeInTheDocument();
    expect(
      screen.getByText('This screen is not available yet. It will arrive in a later release.'),
    ).toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<NotAvailable feature="通知" />, { language: 'zh_CN' });
    expect(screen.getByRole('heading', { name: '暂未开放' })).toBeInTheDocument();
    expect(screen.getByText('通知暂不可用，将在后续版本中提供。')).toBeInTheDocument();
  });
});

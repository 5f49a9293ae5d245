import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/render';
import { placeholderScreen } from './placeholder-screen';

describe('placeholderScreen', () => {
  it("names the screen from the remote's namespace in the not-available panel", () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle('en_US', 'mf_demo', { screens: { review: 'Review queue' } });
    const { default: Screen } = placeholderScreen('mf_demo', 'review');
    render(
      <I18nextProvider i18n={i18n}>
        <Screen />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Review queue');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

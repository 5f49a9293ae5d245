import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { EmptyList } from './empty-list';

describe('EmptyList', () => {
  it('shows the empty-list message', () => {
    renderWithProviders(<EmptyList />);
    expect(screen.getByText("We couldn't find anything. Try different or less specific keywords.")).toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<EmptyList />, { language: 'zh_CN' });
    expect(screen.getByText('没有找到任何内容。请尝试其他或不那么具体的关键词。')).toBeInTheDocument();
  });
});

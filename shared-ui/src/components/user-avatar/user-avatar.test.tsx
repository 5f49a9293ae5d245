import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarSource, UserAvatar } from './user-avatar';

describe('UserAvatar (avatar kinds and sizes)', () => {
  it('asks uploads and Gravatar for s=48 at 24 px and s=96 at 40 px; refuses other schemes', () => {
    expect(avatarSource('/uploads/avatar/a.png', 24)).toBe('/uploads/avatar/a.png?s=48');
    expect(avatarSource({ type: 'gravatar', gravatar: 'https://www.gravatar.com/avatar/x' }, 40)).toBe(
      'https://www.gravatar.com/avatar/x?s=96',
    );
    expect(avatarSource('javascript:alert(1)', 40)).toBeNull();
    expect(avatarSource({ type: 'system' }, 40)).toBeNull();
  });

  it('draws the system letter avatar when there is no picture', () => {
    const { container } = render(<UserAvatar avatar="" name="émile" size={24} />);
    const letter = container.querySelector('.agora-avatar--letter');
    expect(letter).toHaveTextContent('É');
    expect(letter).toHaveAttribute('aria-hidden', 'true');
  });
});

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACE } from './namespace';

describe('mf-users translations', () => {
  it('registers the screen titles of the namespace (test set-up as expose/routes.tsx does)', () => {
    expect(i18next.t('screens.user-list', { ns: NAMESPACE })).toBe('Users');
    expect(i18next.getFixedT('zh_CN', NAMESPACE)('screens.user-list')).not.toBe('screens.user-list');
  });
});

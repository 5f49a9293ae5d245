import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACE } from './namespace';

describe('mf-qa translations', () => {
  it('registers the screen titles of the namespace (test set-up as expose/routes.tsx does)', () => {
    expect(i18next.t('screens.question-list', { ns: NAMESPACE })).toBe('Questions');
    expect(i18next.getFixedT('zh_CN', NAMESPACE)('screens.question-list')).not.toBe('screens.question-list');
  });
});

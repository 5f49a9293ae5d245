import { setupRemoteTests } from '@agora/shared-api/testing';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import { translations } from '../i18n';
import { NAMESPACE } from '../namespace';

setupRemoteTests({ namespace: NAMESPACE, ...translations, register: registerSharedUiTranslations });

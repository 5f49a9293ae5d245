import { placeholderScreen } from '@agora/shared-ui';
import { NAMESPACE } from '../namespace';

/** A lazily loaded screen module for a route whose capability comes later. */
export const placeholder = (screen: string) => placeholderScreen(NAMESPACE, screen);

import { atom } from 'jotai';
import type { PageError } from './error-handler';

/** The error page shown in place of the routed content (403, 404, 50X, maintenance); reset on navigation. */
export const pageErrorAtom = atom<PageError | null>(null);

/** A dialog the error handler opened (err_type modal, or a 400 with nothing else to show). */
export const errorDialogAtom = atom<{ kind: 'confirm' | 'message'; message: string } | null>(null);

/** The installer owns the first tag; the demo seeding uses the same function. */
export { ensureFirstTag } from '../install/first-tag';

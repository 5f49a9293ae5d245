import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };

const EN = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-ui/src/i18n/en_US.json'), 'utf8')) as Messages;

/** A text of the design system (@agora/shared-ui, English), by its dotted key; throws on a missing key. */
export function sharedUiText(key: string): string {
  let node: string | Messages | undefined = EN;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`shared-ui has no English text ${key}`);
  return node;
}

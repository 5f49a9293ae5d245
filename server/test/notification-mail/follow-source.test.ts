import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who follows which tags is the follow module's to say: the mails ask it (tagFollowers for a new
 * question, followedTagIds for a digest) instead of querying follow activities themselves. The mail
 * behaviour itself is covered by new-questions.test.ts and digest.test.ts.
 */
const DIR = join(import.meta.dirname, '../../src/modules/notify-mail');
const sources = readdirSync(DIR)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }));

describe('notify-mail reads followed tags through the follow module', () => {
  it('has no query of follow activities of its own', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toContain("'tag.follow'");
      expect(text, name).not.toMatch(/selectFrom\(\s*'activity'/);
    }
  });

  it('asks the follow module for new-question recipients and digest tags', () => {
    const imports = (name: string) => sources.find((s) => s.name === name)!.text;
    expect(imports('question-mail.ts')).toMatch(/import \{[^}]*\btagFollowers\b[^}]*\} from '\.\.\/follow\/service'/);
    expect(imports('digest.ts')).toMatch(/import \{[^}]*\bfollowedTagIds\b[^}]*\} from '\.\.\/follow\/service'/);
  });
});

import {
  highlightTerms,
  isCjkWord,
  isEmptySearch,
  markTerms,
  parseSearchQuery,
  SEARCH_MAX_PHRASES,
  SEARCH_MAX_TAGS,
  SEARCH_MAX_WORDS,
  searchWords,
  type ParsedSearch,
} from './search-syntax';

const NONE: ParsedSearch = { words: [], phrases: [], tags: [], user: null, answers: null, score: null, is: null };
const parsed = (over: Partial<ParsedSearch>): ParsedSearch => ({ ...NONE, ...over });

describe('parseSearchQuery: operators', () => {
  it.each<[string, Partial<ParsedSearch>]>([
    ['[react]', { tags: ['react'] }],
    ['[C++] [c#] [node.js] [vue-3]', { tags: ['c++', 'c#', 'node.js', 'vue-3'] }],
    ['[ react ]', { tags: ['react'] }],
    ['user:alice', { user: { kind: 'name', username: 'alice' } }],
    ['user:john.doe_2-x', { user: { kind: 'name', username: 'john.doe_2-x' } }],
    ['user:me', { user: { kind: 'me' } }],
    ['user:"Bob Smith"', { user: { kind: 'name', username: 'bob smith' } }],
    ['user:"me"', { user: { kind: 'name', username: 'me' } }],
    ['user:“Bob Smith”', { user: { kind: 'name', username: 'bob smith' } }],
    ['answers:0', { answers: 0 }],
    ['answers:12', { answers: 12 }],
    ['score:3', { score: 3 }],
    ['score:-2', { score: -2 }],
    ['score:+4', { score: 4 }],
    ['score:-0', { score: 0 }],
    ['is:question', { is: 'question' }],
    ['is:answer', { is: 'answer' }],
    ['"exact phrase"', { phrases: ['exact phrase'] }],
    ['“smart quotes”', { phrases: ['smart quotes'] }],
    ['"  spaced    out  "', { phrases: ['spaced out'] }],
    ['hello world', { words: ['hello', 'world'] }],
  ])('%s', (q, expected) => {
    expect(parseSearchQuery(q)).toEqual(parsed(expected));
  });

  it('reads a combination of everything', () => {
    expect(parseSearchQuery('[react] user:me is:answer hooks "use effect" score:3')).toEqual({
      words: ['hooks'],
      phrases: ['use effect'],
      tags: ['react'],
      user: { kind: 'me' },
      answers: null,
      score: 3,
      is: 'answer',
    });
    expect(parseSearchQuery('how to [vue][pinia] answers:0 user:"Ann Lee" "store reset" is:question')).toEqual({
      words: ['how', 'to'],
      phrases: ['store reset'],
      tags: ['vue', 'pinia'],
      user: { kind: 'name', username: 'ann lee' },
      answers: 0,
      score: null,
      is: 'question',
    });
  });

  it('lets the last user:, answers:, score: and is: win', () => {
    expect(parseSearchQuery('user:me user:bob answers:1 answers:3 score:5 score:-1 is:answer is:question')).toEqual(
      parsed({ user: { kind: 'name', username: 'bob' }, answers: 3, score: -1, is: 'question' }),
    );
  });

  it('ends a word at a quote or a bracket', () => {
    expect(parseSearchQuery('foo"bar baz"qux[tag]end')).toEqual(
      parsed({ words: ['foo', 'qux', 'end'], phrases: ['bar baz'], tags: ['tag'] }),
    );
    expect(parseSearchQuery('is:answer"phrase"')).toEqual(parsed({ is: 'answer', phrases: ['phrase'] }));
  });
});

describe('parseSearchQuery: case, normalisation, duplicates and caps', () => {
  it('takes operators, values, tags, users, words and phrases in any case', () => {
    expect(parseSearchQuery('IS:Question USER:Alice Answers:2 SCORE:1 [React] Hooks "Use Effect"')).toEqual({
      words: ['hooks'],
      phrases: ['use effect'],
      tags: ['react'],
      user: { kind: 'name', username: 'alice' },
      answers: 2,
      score: 1,
      is: 'question',
    });
    expect(parseSearchQuery('User:ME').user).toEqual({ kind: 'me' });
  });

  it('normalises with NFKC and drops invisible characters', () => {
    // Fullwidth letters, digits, brackets and colon; a ligature; a zero-width space inside a word.
    expect(parseSearchQuery('ｒｅａｃｔ ［ｖｕｅ］ ｓｃｏｒｅ：５ ﬁle ze\u200bro')).toEqual(
      parsed({ words: ['react', 'file', 'zero'], tags: ['vue'], score: 5 }),
    );
    // Decomposed é (e + U+0301) becomes the composed one, so both spellings are one word.
    expect(parseSearchQuery('cafe\u0301 café CAFÉ').words).toEqual(['café']);
  });

  it('keeps each word, phrase and tag once, in first-seen order', () => {
    expect(parseSearchQuery('b a B "x y" [t] A "X Y" [T] c')).toEqual(
      parsed({ words: ['b', 'a', 'c'], phrases: ['x y'], tags: ['t'] }),
    );
  });

  it('caps words, phrases and tags after removing duplicates', () => {
    expect([SEARCH_MAX_WORDS, SEARCH_MAX_PHRASES, SEARCH_MAX_TAGS]).toEqual([8, 3, 5]);
    expect(parseSearchQuery('a b a c d e f g h i j').words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(parseSearchQuery('"p1" "p1" "p2" "p3" "p4"').phrases).toEqual(['p1', 'p2', 'p3']);
    expect(parseSearchQuery('[a][a][b][c][d][e][f]').tags).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('parseSearchQuery: free text', () => {
  it('splits words on punctuation, so every word is letters and digits only', () => {
    expect(parseSearchQuery("c++ c# node.js a<b>c x-y_z (f*g) don't 3.14 -neg +plus").words).toEqual([
      'c',
      'node',
      'js',
      'a',
      'b',
      'x',
      'y',
      'z',
      // capped at 8: the rest is dropped
    ]);
    expect(parseSearchQuery("(f*g) don't 3.14 -neg +plus").words).toEqual([
      'f',
      'g',
      'don',
      't',
      '3',
      '14',
      'neg',
      'plus',
    ]);
    expect(parseSearchQuery('foo:bar').words).toEqual(['foo', 'bar']);
  });

  it('keeps accents and other scripts', () => {
    expect(parseSearchQuery('Éléphant naïve Ärger Москва Ελλάδα हिन्दी').words).toEqual([
      'éléphant',
      'naïve',
      'ärger',
      'москва',
      'ελλάδα',
      'हिन्दी',
    ]);
  });

  it('keeps a CJK run as one word, apart from other letters', () => {
    const p = parseSearchQuery('用React写中文搜索 日本語のテキスト 한국어 검색');
    expect(p.words).toEqual(['用', 'react', '写中文搜索', '日本語のテキスト', '한국어', '검색']);
    expect(p.words.map(isCjkWord)).toEqual([true, false, true, true, true, true]);
    expect(parseSearchQuery('数据库，索引。').words).toEqual(['数据库', '索引']);
    expect(parseSearchQuery('"中文 短语"').phrases).toEqual(['中文 短语']);
  });

  it('drops emoji and symbols', () => {
    expect(parseSearchQuery('😀 rocket🚀launch 👍🏽')).toEqual(parsed({ words: ['rocket', 'launch'] }));
    expect(isEmptySearch(parseSearchQuery('😀 🎉 ✨'))).toBe(true);
  });
});

describe('parseSearchQuery: malformed input', () => {
  it.each<[string, Partial<ParsedSearch>]>([
    ['answers:abc', { words: ['answers', 'abc'] }],
    ['answers:-1', { words: ['answers', '1'] }],
    ['answers:1.5', { words: ['answers', '1', '5'] }],
    ['answers:1234567890', { words: ['answers', '1234567890'] }],
    ['score:', { words: ['score'] }],
    ['score:x3', { words: ['score', 'x3'] }],
    ['score:--3', { words: ['score', '3'] }],
    ['is:', { words: ['is'] }],
    ['is:comment', { words: ['is', 'comment'] }],
    ['user:', { words: ['user'] }],
    ['user: bob', { words: ['user', 'bob'] }],
    ['user:bob!', { words: ['user', 'bob'] }],
    ['user:""', { words: ['user'] }],
    [
      'user:"a name that is far too long for any user"',
      { words: ['user', 'a', 'name', 'that', 'is', 'far', 'too', 'long'] },
    ],
    ['user:"bob smith', { user: { kind: 'name', username: 'bob smith' } }],
    ['[]', {}],
    ['[ ]', {}],
    ['[Not A Slug!]', { words: ['not', 'a', 'slug'] }],
    [
      '[a-tag-name-that-is-longer-than-35-chars]',
      { words: ['a', 'tag', 'name', 'that', 'is', 'longer', 'than', '35'] },
    ],
    ['[react', { words: ['react'] }],
    ['react]', { words: ['react'] }],
    ['"', {}],
    ['""', {}],
    ['"..."', {}],
    ['"unclosed phrase here', { phrases: ['unclosed phrase here'] }],
    ['one "two', { words: ['one'], phrases: ['two'] }],
    ['', {}],
    ['   \t\n ', {}],
  ])('%j', (q, expected) => {
    expect(parseSearchQuery(q)).toEqual(parsed(expected));
  });
});

describe('searchWords', () => {
  it('splits any text by the free-text rules, without operators, caps or removing duplicates', () => {
    expect(searchWords('How do I use [React] is:answer user:me in Node.js? 用React写 very very ＧＯＯＤ!')).toEqual([
      'how',
      'do',
      'i',
      'use',
      'react',
      'is',
      'answer',
      'user',
      'me',
      'in',
      'node',
      'js',
      '用',
      'react',
      '写',
      'very',
      'very',
      'good',
    ]);
    expect(searchWords('  -- 😀 ')).toEqual([]);
  });
});

describe('isEmptySearch', () => {
  it('is true only when nothing is left to search by', () => {
    expect(isEmptySearch(NONE)).toBe(true);
    expect(isEmptySearch(parseSearchQuery(' [] " +-*() '))).toBe(true);
    for (const q of ['a', '"a"', '[a]', 'user:me', 'user:bob', 'answers:0', 'score:0', 'is:answer']) {
      expect(isEmptySearch(parseSearchQuery(q))).toBe(false);
    }
  });
});

describe('highlightTerms', () => {
  it('gives the phrases first, then the words, each once', () => {
    expect(highlightTerms(parseSearchQuery('hooks [react] "use effect" state "hooks" user:me'))).toEqual([
      'use effect',
      'hooks',
      'state',
    ]);
    expect(highlightTerms(parseSearchQuery('[react] score:3'))).toEqual([]);
  });
});

describe('markTerms', () => {
  it('marks every occurrence, case-insensitively, and the parts join back to the text', () => {
    const text = 'React hooks: use HOOKS in React';
    const parts = markTerms(text, ['react', 'hooks']);
    expect(parts).toEqual([
      { text: 'React', match: true },
      { text: ' ', match: false },
      { text: 'hooks', match: true },
      { text: ': use ', match: false },
      { text: 'HOOKS', match: true },
      { text: ' in ', match: false },
      { text: 'React', match: true },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('gives one unmatched part when nothing matches', () => {
    expect(markTerms('plain text', ['absent'])).toEqual([{ text: 'plain text', match: false }]);
    expect(markTerms('plain text', [])).toEqual([{ text: 'plain text', match: false }]);
    expect(markTerms('', ['a'])).toEqual([{ text: '', match: false }]);
  });

  it('ignores empty terms', () => {
    expect(markTerms('a b', ['', '  '])).toEqual([{ text: 'a b', match: false }]);
    expect(markTerms('a b', ['', 'b'])).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
    ]);
  });

  it('prefers the longest term where terms overlap', () => {
    expect(markTerms('use effect here', ['use', 'use effect', 'effect'])).toEqual([
      { text: 'use effect', match: true },
      { text: ' here', match: false },
    ]);
    expect(markTerms('javascript', ['java', 'javascript'])).toEqual([{ text: 'javascript', match: true }]);
  });

  it('lets whitespace inside a phrase match any whitespace', () => {
    expect(markTerms('use\n  Effect', ['use effect'])).toEqual([{ text: 'use\n  Effect', match: true }]);
  });

  it('matches latin terms at word starts only, CJK terms anywhere', () => {
    expect(markTerms('preact reactjs react', ['react'])).toEqual([
      { text: 'preact ', match: false },
      { text: 'react', match: true },
      { text: 'js ', match: false },
      { text: 'react', match: true },
    ]);
    expect(markTerms('node.js', ['js'])).toEqual([
      { text: 'node.', match: false },
      { text: 'js', match: true },
    ]);
    expect(markTerms('用React写中文搜索', ['react', '中文'])).toEqual([
      { text: '用', match: false },
      { text: 'React', match: true },
      { text: '写', match: false },
      { text: '中文', match: true },
      { text: '搜索', match: false },
    ]);
  });

  it('merges adjacent matches into one part', () => {
    expect(markTerms('中文中文!', ['中文'])).toEqual([
      { text: '中文中文', match: true },
      { text: '!', match: false },
    ]);
  });

  it('treats regular expression characters in terms literally', () => {
    expect(markTerms('a.b axb (c) [d] a|b', ['a.b', '(c)', '[d]', 'a|b', '.*'])).toEqual([
      { text: 'a.b', match: true },
      { text: ' axb ', match: false },
      { text: '(c)', match: true },
      { text: ' ', match: false },
      { text: '[d]', match: true },
      { text: ' ', match: false },
      { text: 'a|b', match: true },
    ]);
  });

  it('matches accents in composed and decomposed text alike', () => {
    expect(markTerms('Café and cafe\u0301 and cafe', ['café'])).toEqual([
      { text: 'Café', match: true },
      { text: ' and ', match: false },
      { text: 'cafe\u0301', match: true },
      { text: ' and cafe', match: false },
    ]);
  });

  it('never splits a surrogate pair', () => {
    expect(markTerms('a😀b', ['\uD83D'])).toEqual([{ text: 'a😀b', match: false }]);
    expect(markTerms('a😀b', ['\uDE00'])).toEqual([{ text: 'a😀b', match: false }]);
    expect(markTerms('x 😀 y', ['😀'])).toEqual([
      { text: 'x ', match: false },
      { text: '😀', match: true },
      { text: ' y', match: false },
    ]);
    expect(markTerms('𝒳 abc', ['abc'])).toEqual([
      { text: '𝒳 ', match: false },
      { text: 'abc', match: true },
    ]);
  });

  it('returns text, never markup', () => {
    expect(markTerms('<b>bold</b> & bold', ['bold'])).toEqual([
      { text: '<b>', match: false },
      { text: 'bold', match: true },
      { text: '</b> & ', match: false },
      { text: 'bold', match: true },
    ]);
  });

  it('highlights what the parser understood', () => {
    const terms = highlightTerms(parseSearchQuery('"Use Effect" HOOKS [react]'));
    expect(markTerms('How hooks and useEffect differ from use effect', terms)).toEqual([
      { text: 'How ', match: false },
      { text: 'hooks', match: true },
      { text: ' and useEffect differ from ', match: false },
      { text: 'use effect', match: true },
    ]);
  });
});

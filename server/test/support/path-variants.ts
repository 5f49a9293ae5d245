import fc from 'fast-check';

/**
 * Spellings of one path that a URL parser, a router or a proxy may treat as the same resource, as
 * fast-check values: apply them to a canonical request target with `variantTarget`. Every operation
 * leaves the query string alone.
 */
export type PathOp =
  /** Percent-encodes some (or all) unreserved characters of one segment, in upper or lower hex. */
  | { kind: 'encode'; segment: number; picks: number[]; all: boolean; upper: boolean }
  /** Changes the case of one segment. */
  | { kind: 'case'; segment: number; style: 'upper' | 'title' | 'flip-last' }
  /** `//` before one segment (the first: `//answer/...`). */
  | { kind: 'double-slash'; segment: number }
  | { kind: 'trailing-slash' }
  /** A dot segment before one segment: `/./`, `/x/../`, encoded `%2e%2e`... */
  | { kind: 'dot'; segment: number; form: (typeof DOT_FORMS)[number] }
  /** The slash before one segment (not the first) written `%2F` or `%2f`. */
  | { kind: 'encoded-slash'; segment: number; upper: boolean }
  /** A `;param` path parameter after one segment. */
  | { kind: 'path-param'; segment: number; param: (typeof PATH_PARAMS)[number] }
  /** Absolute-form request target (`GET http://host/path HTTP/1.1`), naming this host or another. */
  | { kind: 'absolute'; host: 'own' | 'other'; scheme: 'http' | 'https' };

const DOT_FORMS = ['/./', '/x/../', '/x/%2e%2e/', '/x/%2E%2E/', '/%2e/', '/x/.%2e/', '/x/%2e./'] as const;
const PATH_PARAMS = [';', ';x=1', ';jsessionid=0'] as const;
const UNRESERVED = /[A-Za-z0-9._~-]/;

const segment = fc.nat({ max: 7 });
/** The operations of each kind. */
export const pathOpOf: { [K in PathOp['kind']]: fc.Arbitrary<Extract<PathOp, { kind: K }>> } = {
  encode: fc.record({
    kind: fc.constant('encode' as const),
    segment,
    picks: fc.array(fc.nat({ max: 15 }), { minLength: 1, maxLength: 3 }),
    all: fc.boolean(),
    upper: fc.boolean(),
  }),
  case: fc.record({
    kind: fc.constant('case' as const),
    segment,
    style: fc.constantFrom('upper', 'title', 'flip-last'),
  }),
  'double-slash': fc.record({ kind: fc.constant('double-slash' as const), segment }),
  'trailing-slash': fc.constant({ kind: 'trailing-slash' as const }),
  dot: fc.record({ kind: fc.constant('dot' as const), segment, form: fc.constantFrom(...DOT_FORMS) }),
  'encoded-slash': fc.record({ kind: fc.constant('encoded-slash' as const), segment, upper: fc.boolean() }),
  'path-param': fc.record({
    kind: fc.constant('path-param' as const),
    segment,
    param: fc.constantFrom(...PATH_PARAMS),
  }),
  absolute: fc.record({
    kind: fc.constant('absolute' as const),
    host: fc.constantFrom('own', 'other'),
    scheme: fc.constantFrom('http', 'https'),
  }),
};
export const PATH_OP_KINDS = Object.keys(pathOpOf) as Array<PathOp['kind']>;

export const pathOp: fc.Arbitrary<PathOp> = fc.oneof(
  // Encoding is where the known bypass lives: weigh it up.
  { weight: 3, arbitrary: pathOpOf.encode },
  ...PATH_OP_KINDS.filter((kind) => kind !== 'encode').map((kind) => ({
    weight: 1,
    arbitrary: pathOpOf[kind] as fc.Arbitrary<PathOp>,
  })),
);

/** One variant of each kind (one operation each), then `extra` combinations: every kind is tried at least once. */
export function variantsOfEachKind(extra: number): fc.Arbitrary<PathOp[][]> {
  return fc
    .tuple(
      fc.tuple(...PATH_OP_KINDS.map((kind) => pathOpOf[kind] as fc.Arbitrary<PathOp>)),
      fc.array(fc.array(pathOp, { minLength: 2, maxLength: 3 }), { minLength: extra, maxLength: extra }),
    )
    .map(([single, combined]) => [...single.map((op) => [op]), ...combined]);
}

/** One to three operations: one alone finds most bypasses, combinations find the rest. */
export const pathVariant: fc.Arbitrary<PathOp[]> = fc.array(pathOp, { minLength: 1, maxLength: 3 });

const ORDER: Record<PathOp['kind'], number> = {
  encode: 0,
  case: 1,
  'path-param': 2,
  'encoded-slash': 3,
  dot: 4,
  'double-slash': 5,
  'trailing-slash': 6,
  absolute: 7,
};

const hex = (ch: string, upper: boolean) => {
  const code = ch.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};

function encodeSegment(text: string, op: Extract<PathOp, { kind: 'encode' }>): string {
  const chars = [...text];
  const positions = chars.flatMap((ch, i) => (UNRESERVED.test(ch) ? [i] : []));
  if (positions.length === 0) return text;
  const chosen = op.all ? positions : op.picks.map((p) => positions[p % positions.length]!);
  for (const i of new Set(chosen)) chars[i] = hex(chars[i]!, op.upper);
  return chars.join('');
}

function changeCase(text: string, style: Extract<PathOp, { kind: 'case' }>['style']): string {
  // Only letters outside %XX escapes change, so an encoded segment stays well-formed.
  const letters = [...text.matchAll(/%[0-9A-Fa-f]{2}|[A-Za-z]/g)].filter((m) => m[0].length === 1);
  if (letters.length === 0) return text;
  const chars = [...text];
  const flip = (i: number) => {
    const ch = chars[i]!;
    chars[i] = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  };
  if (style === 'upper') for (const m of letters) chars[m.index] = m[0].toUpperCase();
  else if (style === 'title') flip(letters[0]!.index);
  else flip(letters[letters.length - 1]!.index);
  return chars.join('');
}

/**
 * The request target of `ops` applied to `canonical` (a path with an optional query). `ownHost` is
 * the Host the requests carry (for the absolute form). Returns the canonical target when the
 * operations change nothing (e.g. a case change of a segment without letters).
 */
export function variantTarget(canonical: string, ops: readonly PathOp[], ownHost: string): string {
  const q = canonical.indexOf('?');
  const path = q < 0 ? canonical : canonical.slice(0, q);
  const query = q < 0 ? '' : canonical.slice(q);
  const segments = path.split('/').slice(1);
  const seps = segments.map(() => '/');
  let trailing = '';
  let origin = '';
  const at = (n: number) => n % segments.length;
  for (const op of [...ops].sort((a, b) => ORDER[a.kind] - ORDER[b.kind])) {
    switch (op.kind) {
      case 'encode':
        segments[at(op.segment)] = encodeSegment(segments[at(op.segment)]!, op);
        break;
      case 'case':
        segments[at(op.segment)] = changeCase(segments[at(op.segment)]!, op.style);
        break;
      case 'path-param':
        segments[at(op.segment)] += op.param;
        break;
      case 'encoded-slash':
        if (segments.length > 1) seps[1 + (op.segment % (segments.length - 1))] = op.upper ? '%2F' : '%2f';
        break;
      case 'dot':
        seps[at(op.segment)] = op.form;
        break;
      case 'double-slash':
        seps[at(op.segment)] = seps[at(op.segment)] === '/' ? '//' : `/${seps[at(op.segment)]}`;
        break;
      case 'trailing-slash':
        trailing = '/';
        break;
      case 'absolute':
        origin = `${op.scheme}://${op.host === 'own' ? ownHost : 'evil.example'}`;
        break;
    }
  }
  return `${origin}${segments.map((s, i) => seps[i] + s).join('')}${trailing}${query}`;
}

import {
  decodeShortId,
  encodeShortId,
  fromInputId,
  isLongId,
  toShortId,
  usesShortIds,
} from '@agora/shared-api/short-id';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatObjectId } from '../../src/db/ids';
import { inputId, shortenIds } from '../../src/plugins/short-ids';

const longId = (type: number, counter: number) =>
  `1${String(type).padStart(3, '0')}${String(counter).padStart(13, '0')}`;
const anyLongId = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 10 ** 13 - 1 }))
  .map(([type, counter]) => longId(type, counter));

describe('the short id codec', () => {
  it('writes the examples of the reference', () => {
    expect(encodeShortId('10010000000000001')).toBe('D1D1');
    expect(encodeShortId('10020000000000001')).toBe('E1D1');
    expect(decodeShortId('D1D1')).toBe('10010000000000001');
    expect(decodeShortId('E1D1')).toBe('10020000000000001');
    // Least-significant digit first: counter 62 is 162 = 2·62 + 38 → "C2".
    expect(encodeShortId(formatObjectId('question', 62))).toBe('D1C2');
    expect(encodeShortId(formatObjectId('comment', 1))).toBe('J1D1');
  });

  it('round-trips every 17-digit id, in a short alphanumeric form', () => {
    fc.assert(
      fc.property(anyLongId, (id) => {
        const short = encodeShortId(id)!;
        expect(short).toMatch(/^[0-9a-zA-Z]{3,10}$/);
        expect(short.length).toBeLessThan(id.length);
        expect(decodeShortId(short)).toBe(id);
        expect(fromInputId(short)).toBe(id);
        expect(fromInputId(id)).toBe(id);
        expect(toShortId(id)).toBe(short);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes a string only when it is the one spelling of an id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-zA-Z]{0,11}$/), (text) => {
        const id = decodeShortId(text);
        if (id !== null) {
          expect(isLongId(id)).toBe(true);
          expect(encodeShortId(id)).toBe(text);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses bad input', () => {
    for (const bad of ['', 'D', 'D1', 'D1D1!', 'D1-D1', ' D1D1', 'D1D10', 'D1D1D1D1D1D1', 'é1D1', 'zzzzzzzzzz']) {
      expect(decodeShortId(bad), bad).toBeNull();
      expect(fromInputId(bad), bad).toBe(bad);
    }
    for (const notLong of ['', '1', '1001', '20010000000000001', '100100000000000011', '1001000000000000a']) {
      expect(encodeShortId(notLong), notLong).toBeNull();
      expect(toShortId(notLong)).toBe(notLong);
    }
  });

  it('reads numeric ids of 17 digits or more as long, shorter ones as short (server rule)', () => {
    expect(fromInputId('10010000000000001')).toBe('10010000000000001');
    expect(fromInputId('99999999999999999')).toBe('99999999999999999');
    // Below 10^16: read as a short id ("12" → type 25, "34" → counter 151), or left as is when it is none.
    expect(fromInputId('1234')).toBe('10250000000000151');
    expect(fromInputId('9999999999999999')).toBe('9999999999999999');
  });

  it('is on for permalink modes 3 and 4 only', () => {
    expect([0, 1, 2, 3, 4].map(usesShortIds)).toEqual([false, false, false, true, true]);
  });
});

describe('the server hooks', () => {
  it('decode short ids of known object types and leave plain ids alone', () => {
    expect(inputId('D1D1')).toBe('10010000000000001');
    expect(inputId('E1D1')).toBe('10020000000000001');
    expect(inputId('J1D1')).toBe('10070000000000001');
    expect(inputId('10010000000000001')).toBe('10010000000000001');
    // A user or notification id is numeric and short; it never decodes to an object type.
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,16}$/), (plain) => {
        expect(inputId(plain)).toBe(plain);
      }),
      { numRuns: 3000 },
    );
    // Decodable, but type 0 / counter 0 is no object.
    expect(inputId(encodeShortId(longId(0, 5))!)).toBe(encodeShortId(longId(0, 5)));
    expect(inputId(encodeShortId(longId(1, 0))!)).toBe(encodeShortId(longId(1, 0)));
    expect(inputId('not-an-id')).toBe('not-an-id');
  });

  it('shorten question and answer ids under id keys only, copying what changes', () => {
    const question = '10010000000000007';
    const answer = '10020000000000008';
    const comment = '10070000000000009';
    const tag = '10030000000000002';
    const data = {
      id: question,
      title: question,
      accepted_answer_id: answer,
      tags: [{ id: tag, slug_name: 'x' }],
      user_info: { id: '11', username: 'alice' },
      list: [{ comment_id: comment, object_id: answer, user_id: '12' }],
      object_map: { question, answer, comment },
      nothing: null,
    };
    const frozen = structuredClone(data);
    const out = shortenIds(data) as typeof data;
    expect(out).toEqual({
      ...data,
      id: 'D1J1',
      accepted_answer_id: 'E1K1',
      list: [{ comment_id: comment, object_id: 'E1K1', user_id: '12' }],
      object_map: { question: 'D1J1', answer: 'E1K1', comment },
    });
    expect(data).toEqual(frozen);
    // Untouched branches are the same objects.
    expect(out.tags).toBe(data.tags);
    expect(out.user_info).toBe(data.user_info);
    const plain = { list: [{ id: tag }], count: 1 };
    expect(shortenIds(plain)).toBe(plain);
  });
});

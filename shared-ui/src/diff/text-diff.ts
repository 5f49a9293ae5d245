import { diffArrays, diffWordsWithSpace } from 'diff';

/** A run of text that both sides share, or that only the new (`added`) or the old (`removed`) side has. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Word-level changes between two texts (whitespace kept, so line breaks and indentation survive). */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** Which of two lists' items stayed, were added or were removed, in the new list's order. */
export function diffList(
  before: readonly string[],
  after: readonly string[],
): { kind: DiffPart['kind']; item: string }[] {
  return diffArrays([...before], [...after]).flatMap((change) =>
    change.value.map((item) => ({
      kind: change.added ? ('added' as const) : change.removed ? ('removed' as const) : ('same' as const),
      item,
    })),
  );
}

/** Whether anything changed between the two sides. */
export function hasChanges(parts: readonly { kind: DiffPart['kind'] }[]): boolean {
  return parts.some((part) => part.kind !== 'same');
}

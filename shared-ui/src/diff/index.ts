// @agora/shared-ui/diff: a readable diff of two versions of a post or tag (review queue, timelines).
// Its own entry so the word-diff library loads only on the screens that show one.
export { RevisionDiff, type RevisionDiffProps, type RevisionSide } from './revision-diff';
export { diffList, diffText, hasChanges, type DiffPart } from './text-diff';

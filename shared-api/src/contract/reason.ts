import { Type, type Static } from 'typebox';

// Reasons for reporting, closing, reviewing and status changes (GET reasons, docs/wire-contract.md).

export const ReasonObjectType = Type.Union([
  Type.Literal('question'),
  Type.Literal('answer'),
  Type.Literal('comment'),
  Type.Literal('user'),
]);
export type ReasonObjectType = Static<typeof ReasonObjectType>;

export const ReasonAction = Type.Union([
  Type.Literal('flag'),
  Type.Literal('close'),
  Type.Literal('review'),
  Type.Literal('status'),
]);
export type ReasonAction = Static<typeof ReasonAction>;

/** GET /answer/api/v1/reasons query. */
export const ReasonsQuery = Type.Object({ object_type: ReasonObjectType, action: ReasonAction });
export type ReasonsQuery = Static<typeof ReasonsQuery>;

/** How a reason asks for more words: nothing, one line (a URL for "duplicate") or a paragraph. */
export const ReasonContentType = Type.Union([Type.Literal(''), Type.Literal('text'), Type.Literal('textarea')]);
export type ReasonContentType = Static<typeof ReasonContentType>;

/** One reason; `reason_type` is its config id, what POST report's `report_type` and close_type send back. */
export const ReasonItem = Type.Object({
  reason_key: Type.String(),
  reason_type: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  content_type: ReasonContentType,
  placeholder: Type.String(),
});
export type ReasonItem = Static<typeof ReasonItem>;

export const ReasonList = Type.Array(ReasonItem);
export type ReasonList = Static<typeof ReasonList>;

import { Type, type Static, type TSchema } from 'typebox';

/** `{error_field, error_msg}`: one field's validation failure (docs/wire-contract.md). */
export const FieldError = Type.Object({ error_field: Type.String(), error_msg: Type.String() });
export type FieldError = Static<typeof FieldError>;

/** How the UI should present `msg` (docs/wire-contract.md). */
export const ErrType = Type.Union([Type.Literal('toast'), Type.Literal('alert'), Type.Literal('modal')]);
export type ErrType = Static<typeof ErrType>;

/** 403 hint types. */
export const ForbiddenType = Type.Union([
  Type.Literal('inactive'),
  Type.Literal('url_expired'),
  Type.Literal('suspended'),
]);
export type ForbiddenType = Static<typeof ForbiddenType>;

/** The response envelope every JSON API answers with. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), reason: Type.String(), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  reason: Type.String(),
  msg: Type.String(),
  data: Type.Union([
    Type.Null(),
    Type.Array(FieldError),
    Type.Object(
      { type: Type.Optional(ForbiddenType), err_type: Type.Optional(ErrType) },
      { additionalProperties: true },
    ),
  ]),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** `{count, list}` pages (docs/wire-contract.md). */
export const Page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), list: Type.Array(item) });

/** Ids are always JSON strings. */
export const Id = Type.String({ pattern: '^[0-9A-Za-z]{1,32}$' });

import { Type, type Static } from 'typebox';

/** One entry of GET /answer/api/v1/language/options: `value` is a language code such as `en_US`. */
export const LanguageOption = Type.Object({
  label: Type.String(),
  value: Type.String(),
  /** Translation completeness in percent, when known. */
  progress: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type LanguageOption = Static<typeof LanguageOption>;

export const LanguageOptions = Type.Array(LanguageOption);
export type LanguageOptions = Static<typeof LanguageOptions>;

import { Type, type Static } from 'typebox';

// Captcha and action records (docs/wire-contract.md).

/** The 12 action keys, in the order of the captcha table (docs/wire-contract.md). */
export const CAPTCHA_ACTIONS = [
  'email',
  'password',
  'edit_userinfo',
  'question',
  'answer',
  'comment',
  'edit',
  'invitation_answer',
  'search',
  'report',
  'delete',
  'vote',
] as const;

/** An action that may need a captcha (docs/wire-contract.md). */
export const CaptchaAction = Type.Union(CAPTCHA_ACTIONS.map((a) => Type.Literal(a)));
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** GET /answer/api/v1/user/action/record query. */
export const ActionRecordQuery = Type.Object({ action: CaptchaAction });
export type ActionRecordQuery = Static<typeof ActionRecordQuery>;

/**
 * GET /answer/api/v1/user/action/record answer. `verify: true`: the next action needs a captcha, the
 * one whose id and image (a `data:image/png;base64,...` URL) come with it. `verify: false`: id and
 * image are ''.
 */
export const ActionRecord = Type.Object({
  captcha_id: Type.String(),
  captcha_img: Type.String(),
  verify: Type.Boolean(),
});
export type ActionRecord = Static<typeof ActionRecord>;

/**
 * The captcha answer an action's body (or a search's query) carries: spread into a body schema,
 * `Type.Object({ ...fields, ...CaptchaFields })`. Both may be absent when no captcha was asked for.
 */
export const CaptchaFields = {
  captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
  captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
};
/** What `CaptchaFields` adds to a body. */
export interface CaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

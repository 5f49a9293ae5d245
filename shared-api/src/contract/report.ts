import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Id } from './envelope';

// Reports (flags) of questions, answers and comments (docs/wire-contract.md).

/** POST /answer/api/v1/report body. */
export const ReportBody = Type.Object({
  /** The question, answer or comment flagged (long or short id). */
  object_id: Id,
  /** A flag reason's config id (GET reasons?object_type=<type>&action=flag, `reason_type`). */
  report_type: Type.Integer(),
  /** Required when the reason asks for text; a link for "a duplicate". */
  content: Type.Optional(Type.String({ maxLength: 500 })),
  /** The object type the UI sends along (`question|answer|comment`); the server reads it from the id. */
  source: Type.Optional(Type.String({ maxLength: 20 })),
  ...CaptchaFields,
});
export type ReportBody = Static<typeof ReportBody>;

import { paths, useCurrentUser } from '@agora/shared-api';
import type { MemberAction } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../common/confirm';
import { NAMESPACE } from '../../namespace';
import { actionRecord } from '../api';
import { usePostOperation, type PostOperation } from '../api/writes';
import { ReasonDialog } from './dialogs';

/** The actions this screen knows; anything else the server lists is left out. */
const KNOWN = ['report', 'edit', 'delete', 'undelete', 'close', 'reopen', 'pin', 'unpin', 'hide', 'show'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (action: string): action is Known => (KNOWN as readonly string[]).includes(action);

type Confirmable = PostOperation;

export interface PostActionsProps {
  objectType: 'question' | 'answer';
  /** The post's id (the question's or the answer's). */
  objectId: string;
  questionId: string;
  memberActions: MemberAction[];
  /** The member has flagged the post and the flag waits for review: a disabled "Flagged" in place of Flag. */
  reported?: boolean;
  /** For the delete warnings: a question with answers or an accepted answer; an accepted answer. */
  answerCount?: number;
  hasAccepted?: boolean;
  /** Extra controls placed first in the bar (share...). */
  children?: ReactNode;
  /** Called after an operation succeeded, with its name. */
  onDone?: (action: Known) => void;
}

/**
 * The post action bar: only what the server's member_actions list allows, in its order. Confirmations and
 * reason dialogs (close, flag) before the calls; success toasts after.
 */
export function PostActions({
  objectType,
  objectId,
  questionId,
  memberActions,
  reported = false,
  answerCount = 0,
  hasAccepted = false,
  children,
  onDone,
}: PostActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [reasonFor, setReasonFor] = useState<'close' | 'report' | null>(null);
  const isQuestion = objectType === 'question';
  // The timeline is for members who are logged in.
  const { user } = useCurrentUser();

  // Deleting may need a captcha (action 'delete'); the other operations never do.
  const deleteGate = useCaptchaGate('delete', { load: actionRecord });
  const operate = usePostOperation({ objectType, objectId, questionId }, deleteGate, (outcome, action) => {
    setConfirming(null);
    // Captcha dialog cancelled: nothing was deleted.
    if (!outcome.done) return;
    const toastKey: Record<Confirmable, string> = {
      delete: isQuestion ? 'post_deleted' : 'answer_deleted',
      undelete: 'undeleted',
      reopen: 'reopened',
      pin: 'pinned',
      unpin: 'unpinned',
      hide: 'hidden',
      show: 'shown',
    };
    toast.success(t(`detail.toast.${toastKey[action]}`));
    onDone?.(action);
  });

  const actions = memberActions.filter((a) => isKnown(a.action));
  if (actions.length === 0 && !children && !reported) return null;

  const editPath = isQuestion ? `/posts/${questionId}/edit` : `/posts/${questionId}/${objectId}/edit`;
  const timelinePath = isQuestion ? paths.questionTimeline(questionId) : paths.answerTimeline(questionId, objectId);

  const confirmText = (action: Confirmable): { title: string; body: string } => {
    if (action === 'delete') {
      const body = isQuestion
        ? hasAccepted
          ? 'delete_question_accepted'
          : answerCount > 0
            ? 'delete_question_answered'
            : 'delete_question'
        : hasAccepted
          ? 'delete_answer_accepted'
          : 'delete_answer';
      return { title: t('detail.confirm.delete_title'), body: t(`detail.confirm.${body}`) };
    }
    return { title: t(`detail.confirm.${action}_title`), body: t(`detail.confirm.${action}`) };
  };

  const press = (action: Known) => {
    if (action === 'close' || action === 'report') setReasonFor(action);
    else if (action !== 'edit') setConfirming(action);
  };

  const dialog = confirming ? confirmText(confirming) : null;

  return (
    <>
      <ul className="qa-actions" aria-label={t('detail.actions.label')}>
        {children}
        {reported && (
          <li>
            <button type="button" className="qa-link-btn" disabled title={t('detail.actions.flagged_hint')}>
              {t('detail.actions.flagged')}
            </button>
          </li>
        )}
        {actions.map(({ action }) => (
          <li key={action}>
            {action === 'edit' ? (
              <Link className="qa-link-btn" to={editPath}>
                {t('detail.actions.edit')}
              </Link>
            ) : (
              <button
                type="button"
                className="qa-link-btn"
                aria-haspopup="dialog"
                onClick={() => press(action as Known)}
              >
                {t(`detail.actions.${action}`)}
              </button>
            )}
          </li>
        ))}
        {user && (
          <li>
            <Link className="qa-link-btn" to={timelinePath}>
              {t('detail.actions.timeline')}
            </Link>
          </li>
        )}
      </ul>
      {confirming && dialog && (
        <ConfirmDialog
          title={dialog.title}
          body={dialog.body}
          okText={t('detail.actions.confirm')}
          cancelText={t('detail.actions.cancel')}
          pending={operate.isPending}
          danger={confirming === 'delete'}
          onOk={() => {
            // Delete: the confirmation closes first, so that a captcha dialog (when asked) is the only one.
            if (confirming === 'delete') setConfirming(null);
            operate.mutate(confirming);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {deleteGate.dialog}
      {reasonFor && (
        <ReasonDialog
          kind={reasonFor}
          objectType={objectType}
          objectId={objectId}
          questionId={questionId}
          onClose={() => setReasonFor(null)}
          onDone={() => {
            const done = reasonFor;
            setReasonFor(null);
            toast.success(t(done === 'close' ? 'detail.toast.closed' : 'detail.toast.flagged'));
            onDone?.(done);
          }}
        />
      )}
    </>
  );
}

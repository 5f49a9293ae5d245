import { isApiError } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { Modal, Select } from '@agora/shared-ui/antd';
import { CloseQuestionDialog } from '@agora/shared-ui/reason-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerStatus, useQuestionStatus } from '../api/posts';
import { NAMESPACE } from '../namespace';

export type PostKind = 'question' | 'answer';
/** A post's status as the admin lists name it. */
export type PostStatus = 'normal' | 'closed' | 'deleted' | 'pending';

/** The status number on the wire (1 available, 2 closed, 10 deleted, 11 pending) by name. */
export function postStatusOf(status: number): PostStatus {
  if (status === 2) return 'closed';
  if (status === 10) return 'deleted';
  if (status === 11) return 'pending';
  return 'normal';
}

/** The statuses an administrator sets: a question may be closed, an answer may not. */
const CHOICES: Record<PostKind, PostStatus[]> = {
  question: ['normal', 'closed', 'deleted'],
  answer: ['normal', 'deleted'],
};

/**
 * A row's status as a select of the statuses the post may take (a pending post shows that state too, not
 * choosable). Choosing the current status does nothing.
 */
export function PostStatusSelect({
  kind,
  current,
  label,
  onChoose,
}: {
  kind: PostKind;
  current: PostStatus;
  label: string;
  onChoose(status: PostStatus): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const choices = current === 'pending' ? ['pending' as const, ...CHOICES[kind]] : CHOICES[kind];
  return (
    <Select<PostStatus>
      aria-label={label}
      value={current}
      className="admin-status-select"
      popupMatchSelectWidth={false}
      options={choices.map((status) => ({
        value: status,
        label: t(`posts.status.${status}`),
        disabled: status === 'pending',
      }))}
      onChange={(status) => {
        if (status !== current) onChoose(status);
      }}
    />
  );
}

interface Change {
  id: string;
  status: PostStatus;
}

/**
 * The status change of a row: `normal` is sent at once (reopen or restore); `closed` asks a close reason
 * first, `deleted` a confirmation. A success says so in a toast; the lists refresh (api/posts).
 */
export function usePostStatusChange(kind: PostKind) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const questionStatus = useQuestionStatus();
  const answerStatus = useAnswerStatus();
  const [asking, setAsking] = useState<Change | null>(null);
  const [closeError, setCloseError] = useState<string | undefined>();
  const pending = questionStatus.isPending || answerStatus.isPending;

  const send = (change: Change, close?: { close_type: number; close_msg?: string }) => {
    const status = change.status === 'normal' ? 'available' : (change.status as 'closed' | 'deleted');
    const done = () => {
      setAsking(null);
      toast.success(t(`posts.done.${kind}.${change.status}`));
    };
    if (kind === 'question') {
      questionStatus.mutate(
        { question_id: change.id, status, ...close },
        {
          onSuccess: done,
          onError: (error) => {
            if (isApiError(error)) setCloseError(error.fieldMap().close_msg ?? error.fieldMap().close_type);
          },
        },
      );
    } else {
      answerStatus.mutate(
        { answer_id: change.id, status: status === 'deleted' ? 'deleted' : 'available' },
        { onSuccess: done },
      );
    }
  };

  const request = (id: string, status: PostStatus) => {
    setCloseError(undefined);
    if (status === 'normal') send({ id, status });
    else setAsking({ id, status });
  };

  const dialogs = (
    <>
      {asking?.status === 'closed' && (
        <CloseQuestionDialog
          pending={pending}
          serverError={closeError}
          onSubmit={(values) => send(asking, values)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.status === 'deleted' && (
        <Modal
          open
          className="admin-dialog"
          title={t(`posts.delete.${kind}.title`)}
          okText={t('posts.delete.confirm')}
          cancelText={t('posts.delete.cancel')}
          okButtonProps={{ danger: true, loading: pending }}
          onOk={() => send(asking)}
          onCancel={() => setAsking(null)}
          destroyOnHidden
        >
          <p>{t(`posts.delete.${kind}.body`)}</p>
        </Modal>
      )}
    </>
  );
  return { request, dialogs, pending };
}

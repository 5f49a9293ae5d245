import { api, useRequireLogin } from '@agora/shared-api';
import type { CaptchaAnswer, VoteResp, VoteStatus } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { actionRecord } from '../api';
import { ArrowDownIcon, ArrowUpIcon } from './icons';

export interface VotesProps {
  objectId: string;
  count: number;
  status: VoteStatus;
  /** The new count and status after the server took the vote. */
  onChange: (next: { vote_count: number; vote_status: VoteStatus }) => void;
}

/**
 * Up and down votes (SPEC §4): choosing the active direction takes the vote back (is_cancel). A visitor gets
 * the login-to-continue prompt; the server's refusals (own post, privileges) arrive as danger toasts.
 */
export function Votes({ objectId, count, status, onChange }: VotesProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const requireLogin = useRequireLogin();
  // A new vote may need a captcha (answer-api.md §1.5, action 'vote'); taking one back never does.
  const gate = useCaptchaGate('vote', { load: actionRecord });
  const vote = useMutation({
    mutationFn: (direction: 'up' | 'down') => {
      const cancel = status === (direction === 'up' ? 'vote_up' : 'vote_down');
      const send = (captcha: CaptchaAnswer) =>
        api.post<VoteResp>(`vote/${direction}`, { object_id: objectId, is_cancel: cancel, ...captcha });
      return cancel ? send({}).then((value) => ({ done: true as const, value })) : gate.run(send);
    },
    onSuccess: (outcome) => {
      // Captcha dialog cancelled: the vote stays as it was.
      if (!outcome.done) return;
      onChange({ vote_count: outcome.value.votes, vote_status: outcome.value.vote_status });
    },
  });
  const press = (direction: 'up' | 'down') => {
    if (vote.isPending || !requireLogin()) return;
    vote.mutate(direction);
  };
  return (
    <div className="qa-votes" role="group" aria-label={t('detail.vote.group')}>
      <button
        type="button"
        className="qa-icon-btn qa-votes__btn"
        aria-label={t('detail.vote.up')}
        aria-pressed={status === 'vote_up'}
        aria-busy={vote.isPending || undefined}
        onClick={() => press('up')}
      >
        <ArrowUpIcon />
      </button>
      <span className="qa-votes__count" aria-live="polite" title={t('detail.vote.count', { count })}>
        <span aria-hidden="true">{formatCount(count, i18n.language)}</span>
        <span className="qa-visually-hidden">{t('detail.vote.count', { count })}</span>
      </span>
      <button
        type="button"
        className="qa-icon-btn qa-votes__btn"
        aria-label={t('detail.vote.down')}
        aria-pressed={status === 'vote_down'}
        aria-busy={vote.isPending || undefined}
        onClick={() => press('down')}
      >
        <ArrowDownIcon />
      </button>
      {gate.dialog}
    </div>
  );
}

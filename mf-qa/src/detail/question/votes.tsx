import { useRequireLogin } from '@agora/shared-api';
import type { VoteStatus } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { actionRecord } from '../api';
import { useVote } from '../api/writes';
import { ArrowDownIcon, ArrowUpIcon } from './icons';

export interface VotesProps {
  objectId: string;
  count: number;
  status: VoteStatus;
  /** The new count and status after the server took the vote. */
  onChange: (next: { vote_count: number; vote_status: VoteStatus }) => void;
}

/**
 * Up and down votes : choosing the active direction takes the vote back (is_cancel). A visitor gets
 * the login-to-continue prompt; the server's refusals (own post, privileges) arrive as danger toasts.
 */
export function Votes({ objectId, count, status, onChange }: VotesProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const requireLogin = useRequireLogin();
  // A new vote may need a captcha (action 'vote'); taking one back never does.
  const gate = useCaptchaGate('vote', { load: actionRecord });
  const vote = useVote(objectId, status, gate, (result) =>
    onChange({ vote_count: result.votes, vote_status: result.vote_status }),
  );
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

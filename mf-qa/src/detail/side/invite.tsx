import { paths } from '@agora/shared-api';
import { invitedUsersQuery } from '@agora/shared-api/resources/question';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { UserAvatar } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { onDemand } from '../../common/on-demand';

/** How long typing must pause before the people search asks the server. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 400;

export const nameOf = (u: Pick<UserBasicInfo, 'display_name' | 'username'>) => u.display_name || u.username;

// antd: fetched when the dialog is first opened, not with the page.
const InviteDialog = onDemand(() => import('./invite-dialog').then((m) => m.InviteDialog));

/** Invite people to answer (extends_actions invite_other_to_answer): who is invited, and a people search. */
export function InviteToAnswer({ questionId }: { questionId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const invited = useQuery(invitedUsersQuery(questionId));
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const people = invited.data ?? [];
  return (
    <section className="qa-invite" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-section-title">
        {t('detail.invite.title')}
      </h2>
      <p className="qa-muted">{t('detail.invite.intro')}</p>
      {people.length > 0 ? (
        <ul className="qa-people" aria-label={t('detail.invite.invited')}>
          {people.map((person) => (
            <li key={person.username}>
              <Link className="qa-person" to={paths.user(person.username)}>
                <UserAvatar avatar={person.avatar} name={nameOf(person)} size={24} />
                <span>{nameOf(person)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        invited.isSuccess && <p className="qa-muted">{t('detail.invite.none')}</p>
      )}
      <button type="button" className="agora-btn" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('detail.invite.button')}
      </button>
      {open && <InviteDialog questionId={questionId} already={people} onClose={() => setOpen(false)} />}
    </section>
  );
}

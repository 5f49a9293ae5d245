import { api, paths } from '@agora/shared-api';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { UserAvatar, useToast } from '@agora/shared-ui';
import { Input, Modal } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { actionRecord, detailKeys, invitedUsersQuery, peopleSearchQuery } from '../api';

/** How long typing must pause before the people search asks the server. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 400;

const nameOf = (u: Pick<UserBasicInfo, 'display_name' | 'username'>) => u.display_name || u.username;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

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

function InviteDialog({
  questionId,
  already,
  onClose,
}: {
  questionId: string;
  already: UserBasicInfo[];
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<UserBasicInfo[]>([]);
  const [error, setError] = useState('');
  const name = useDebounced(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const found = useQuery(peopleSearchQuery(name));
  const ids = { search: useId(), error: useId() };

  const taken = new Set([...already, ...chosen].map((u) => u.username));
  const suggestions = (found.data ?? []).filter((u) => !taken.has(u.username));

  // The server may ask for a captcha first (answer-api.md §1.5, action 'invitation_answer').
  const gate = useCaptchaGate('invitation_answer', { load: actionRecord });
  const save = useMutation({
    mutationFn: () =>
      gate.run((captcha) =>
        api.put('question/invite', {
          id: questionId,
          invite_user: [...already, ...chosen].map((u) => u.username),
          ...captcha,
        }),
      ),
    onSuccess: async (outcome) => {
      // Captcha dialog cancelled: nothing was saved, the choice stays open.
      if (!outcome.done) return;
      toast.success(t('detail.toast.invited'));
      onClose();
      await client.invalidateQueries({ queryKey: detailKeys.invited(questionId) });
    },
  });

  const submit = () => {
    if (chosen.length === 0) {
      setError(t('detail.invite.pick_someone'));
      return;
    }
    save.mutate();
  };

  return (
    <>
      <Modal
        open
        title={t('detail.invite.dialog_title')}
        okText={t('detail.invite.save')}
        cancelText={t('detail.actions.cancel')}
        okButtonProps={{ loading: save.isPending }}
        onOk={submit}
        onCancel={onClose}
        destroyOnHidden
      >
        <label htmlFor={ids.search}>{t('detail.invite.search')}</label>
        <Input
          id={ids.search}
          value={text}
          placeholder={t('detail.invite.search_placeholder')}
          autoComplete="off"
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {name && found.isSuccess && (
          <ul className="qa-people qa-people--suggestions" aria-label={t('detail.invite.suggestions')}>
            {suggestions.length === 0 && <li className="qa-muted">{t('detail.invite.no_match')}</li>}
            {suggestions.map((person) => (
              <li key={person.username}>
                <button
                  type="button"
                  className="qa-person qa-person--button"
                  onClick={() => {
                    setChosen((list) => [...list, person]);
                    setError('');
                  }}
                >
                  <UserAvatar avatar={person.avatar} name={nameOf(person)} size={24} />
                  <span>{nameOf(person)}</span>
                  {person.display_name && person.display_name !== person.username && (
                    <span className="qa-muted">@{person.username}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        {chosen.length > 0 && (
          <ul className="qa-people qa-people--chosen" aria-label={t('detail.invite.chosen')}>
            {chosen.map((person) => (
              <li key={person.username} className="qa-chip">
                <span>{nameOf(person)}</span>
                <button
                  type="button"
                  className="qa-icon-btn"
                  aria-label={t('detail.invite.remove', { name: nameOf(person) })}
                  onClick={() => setChosen((list) => list.filter((u) => u.username !== person.username))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p id={ids.error} className="qa-field-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
      {gate.dialog}
    </>
  );
}

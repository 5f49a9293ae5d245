import { peopleSearchQuery } from '@agora/shared-api/resources/profile';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { UserAvatar, useToast, useDebounced } from '@agora/shared-ui';
import { AntdProvider, Input, Modal } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { actionRecord } from '../api';
import { useInviteUsers } from '../api/writes';
import { nameOf, PEOPLE_SEARCH_DEBOUNCE_MS } from './invite';

/** The invitation dialog (antd), loaded when it is first opened. */
export function InviteDialog({
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
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<UserBasicInfo[]>([]);
  const [error, setError] = useState('');
  const name = useDebounced(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const found = useQuery(peopleSearchQuery(name));
  const ids = { search: useId(), error: useId() };

  const taken = new Set([...already, ...chosen].map((u) => u.username));
  const suggestions = (found.data ?? []).filter((u) => !taken.has(u.username));

  // The server may ask for a captcha first (action 'invitation_answer').
  const gate = useCaptchaGate('invitation_answer', { load: actionRecord });
  const save = useInviteUsers(questionId, gate, () => {
    toast.success(t('detail.toast.invited'));
    onClose();
  });

  const submit = () => {
    if (chosen.length === 0) {
      setError(t('detail.invite.pick_someone'));
      return;
    }
    save.mutate([...already, ...chosen].map((u) => u.username));
  };

  return (
    <AntdProvider>
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
    </AntdProvider>
  );
}

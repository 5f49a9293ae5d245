import { Form } from '@agora/shared-ui/antd';
import { cloneElement, createContext, isValidElement, useContext, type ComponentProps, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/** The fields of the group being edited that the server's configuration file fixes. */
export const PinnedContext = createContext<readonly string[]>([]);

export const usePinned = (name: string) => useContext(PinnedContext).includes(name);

type ItemProps = ComponentProps<typeof Form.Item> & { name: string; children: ReactElement };

/**
 * A settings field: antd's Form.Item, with its control disabled and the note 'Set in the configuration file'
 * when the configuration file pins it (the server refuses to change it anyway).
 */
export function SettingItem({ name, children, extra, ...rest }: ItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const pinned = usePinned(name);
  const note = pinned ? <span className="admin-settings__pinned">{t('settings.form.pinned')}</span> : null;
  const control =
    pinned && isValidElement(children)
      ? cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true })
      : children;
  return (
    <Form.Item
      name={name}
      {...rest}
      extra={
        note || extra ? (
          <>
            {extra}
            {extra && note ? ' ' : null}
            {note}
          </>
        ) : undefined
      }
    >
      {control}
    </Form.Item>
  );
}

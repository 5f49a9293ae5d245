import { isApiError } from '@agora/shared-api';
import { useLeaveGuard, useToast } from '@agora/shared-ui';
import { Alert, applyFieldErrors, Button, Form, Skeleton, type FormInstance } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupQuery, pinnedQuery, useSaveGroup, type SettingsPath } from '../../api/settings';
import { NAMESPACE } from '../../namespace';
import { PinnedContext } from './pinned';
import { sameValues } from './same-values';

/** What a settings form gives its fields and extra actions. */
export interface SettingsFormContext<Group, Values> {
  form: FormInstance<Values>;
  /** The group as the server last answered it. */
  group: Group;
  /** After a save made outside the Save button (SMTP test mail): the saved group becomes the new baseline. */
  markSaved(saved: Group | null): void;
  /** Puts a failure on the fields (or in the form's alert), as a failed Save does. */
  showFailure(error: unknown, always?: boolean): void;
}

export interface SettingsFormProps<Group, Values> {
  /** The group's admin API path: GET loads it, PUT saves it. */
  path: SettingsPath;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  /** A heading when the page holds several groups. */
  title?: string;
  /** The form fields, for the server's field errors (`aliases` maps a wire field to a form field). */
  fields: readonly string[];
  aliases?: Record<string, string>;
  toValues(group: Group): Values;
  toBody(values: Values, group: Group): unknown;
  children(context: SettingsFormContext<Group, Values>): ReactNode;
  /** More buttons beside Save. */
  actions?(context: SettingsFormContext<Group, Values>): ReactNode;
}

/**
 * One settings group as a form: loads it, validates on the client, saves it as a whole with a pending Save,
 * puts the server's field errors on their fields, says 'Saved' in a toast, warns before leaving with unsaved
 * changes, disables the fields the configuration file pins, and refreshes the public site info so the shell
 * shows the change at once.
 */
export function SettingsForm<Group, Values>(props: SettingsFormProps<Group, Values>) {
  const { t } = useTranslation(NAMESPACE);
  const query = useQuery(groupQuery<Group>(props.path));
  const headingId = useId();
  const heading = props.title ? (
    <h2 id={headingId} className="admin-settings__section-title">
      {props.title}
    </h2>
  ) : null;
  let body: ReactNode;
  if (query.isSuccess) body = <LoadedForm {...props} group={query.data} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('settings.form.load_failed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('settings.form.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <div role="status" aria-label={t('settings.form.loading')}>
        <Skeleton active />
      </div>
    );
  return (
    <section className="admin-settings__section" aria-labelledby={props.title ? headingId : undefined}>
      {heading}
      {body}
    </section>
  );
}

function LoadedForm<Group, Values>({
  path,
  name,
  fields,
  aliases,
  toValues,
  toBody,
  children,
  actions,
  group: loaded,
}: SettingsFormProps<Group, Values> & { group: Group }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [group, setGroup] = useState(loaded);
  const [baseline, setBaseline] = useState(() => toValues(loaded));
  const [dirty, setDirty] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const pinned = useQuery(pinnedQuery()).data?.[path] ?? [];
  const save = useSaveGroup<unknown, Group>(path);
  useLeaveGuard(dirty);

  const markSaved = (saved: Group | null) => {
    const next = saved ?? group;
    const values = saved ? toValues(saved) : (form.getFieldsValue(true) as Values);
    setGroup(next);
    setBaseline(values);
    if (saved) form.setFieldsValue(values as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
    setDirty(false);
  };

  const showFailure = (error: unknown, always = false) => {
    const rest = applyFieldErrors(form, error, fields, aliases);
    if (rest && rest.length > 0) setAlert(rest.join(' '));
    else if (rest === null && isApiError(error) && (always || error.errType === 'alert')) setAlert(error.message);
  };

  const context: SettingsFormContext<Group, Values> = { form, group, markSaved, showFailure };

  const onFinish = (values: Values) => {
    setAlert(null);
    const all = { ...(form.getFieldsValue(true) as Values), ...values };
    save.mutate(toBody(all, group), {
      onSuccess: (saved) => {
        markSaved(saved ?? null);
        toast.success(t('settings.form.saved'));
      },
      onError: (error) => showFailure(error),
    });
  };

  return (
    <PinnedContext.Provider value={pinned}>
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        initialValues={baseline as unknown as Record<string, unknown>}
        onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true), baseline))}
        onFinish={onFinish}
        scrollToFirstError={{ focus: true }}
        noValidate
        className="admin-settings__form"
      >
        {alert && <Alert type="error" showIcon title={alert} className="admin-settings__alert" role="alert" />}
        {children(context)}
        <div className="admin-settings__actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.form.save')}
          </Button>
          {actions?.(context)}
        </div>
      </Form>
    </PinnedContext.Provider>
  );
}

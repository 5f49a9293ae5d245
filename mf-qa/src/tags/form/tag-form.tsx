import { isApiError } from '@agora/shared-api';
import { useLeaveGuard } from '@agora/shared-ui';
import { Alert, Button, Form, Input } from '@agora/shared-ui/antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormEditor } from '../../common/form-page';
import { slugOf } from '../../common/chosen-tags';
import { NAMESPACE } from '../../namespace';
import { EDIT_SUMMARY_MAX, TAG_NAME_MAX, TAG_SLUG_PATTERN } from '../api';
import '../../common/post-form.css';

export interface TagValues {
  display_name: string;
  slug_name: string;
  original_text: string;
  /** Edit only. */
  edit_summary: string;
}

export const emptyTag: TagValues = { display_name: '', slug_name: '', original_text: '', edit_summary: '' };

const FIELDS: readonly (keyof TagValues)[] = ['display_name', 'slug_name', 'original_text', 'edit_summary'];
const SLUG = new RegExp(TAG_SLUG_PATTERN);

export interface TagFormProps<R> {
  mode: 'create' | 'edit';
  baseline: TagValues;
  /** Edit: only administrators and moderators change a tag's slug. */
  slugEditable: boolean;
  /** The write the form submits (its hook in ../api). */
  save: { mutateAsync(values: TagValues): Promise<R>; isPending: boolean };
  onSent: (result: R) => void;
  cancelTo: string;
}

/**
 * The tag form: display name (required, ≤35, with a counter), slug (required, ≤35, a-z 0-9 + # - .),
 * the wiki in the markdown editor and, when editing, the edit summary. Leaving with unsaved changes asks
 * first. Field errors of the server land on their fields; other failures are the shell's to show (toast,
 * dialog), except err_type alert messages, shown above the buttons.
 */
export function TagForm<R>({ mode, baseline, slugEditable, save, onSent, cancelTo }: TagFormProps<R>) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<TagValues>();
  const [current, setCurrent] = useState<TagValues>(baseline);
  const [alert, setAlert] = useState<string | null>(null);
  const slugTouched = useRef(mode === 'edit');
  const dirty = useMemo(() => FIELDS.some((f) => (current[f] ?? '') !== baseline[f]), [current, baseline]);
  const guard = useLeaveGuard(dirty);

  const submit = async (values: TagValues) => {
    setAlert(null);
    try {
      const result = await save.mutateAsync({ ...current, ...values });
      guard.release();
      onSent(result);
    } catch (error) {
      if (!isApiError(error)) return;
      const known = error.fieldErrors.filter((e) => (FIELDS as readonly string[]).includes(e.error_field));
      const rest = error.fieldErrors.filter((e) => !known.includes(e));
      if (known.length > 0) {
        form.setFields(known.map((e) => ({ name: e.error_field as keyof TagValues, errors: [e.error_msg] })));
        form.focusField(known[0]!.error_field as keyof TagValues);
      }
      if (rest.length > 0) setAlert(rest.map((e) => e.error_msg).join(' '));
      else if (error.fieldErrors.length === 0 && error.errType === 'alert') setAlert(error.message);
    }
  };

  const onValuesChange = (changed: Partial<TagValues>, all: TagValues) => {
    if ('slug_name' in changed) slugTouched.current = true;
    // A new tag's slug follows its display name until the slug is typed in.
    if ('display_name' in changed && !slugTouched.current) {
      const slug = slugOf(changed.display_name ?? '').slice(0, TAG_NAME_MAX);
      form.setFieldValue('slug_name', slug);
      all = { ...all, slug_name: slug };
    }
    setCurrent({ ...current, ...all });
  };

  const required = (message: string) => ({
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? Promise.resolve() : Promise.reject(new Error(message)),
  });
  const counter = (value: string | undefined) => (
    <span className="qa-ask-counter">
      {t('tags.form.counter', { length: (value ?? '').length, max: TAG_NAME_MAX })}
    </span>
  );

  return (
    <>
      <Form<TagValues>
        form={form}
        name={mode === 'create' ? 'qa-tag-create' : 'qa-tag-edit'}
        layout="vertical"
        initialValues={baseline}
        onValuesChange={onValuesChange}
        onFinish={(values) => void submit(values)}
        scrollToFirstError={{ focus: true }}
        noValidate
        className="qa-ask-form"
      >
        <Form.Item
          name="display_name"
          label={t('tags.form.display_name')}
          required
          rules={[
            required(t('tags.form.display_name_empty')),
            { max: TAG_NAME_MAX, message: t('tags.form.too_long', { count: TAG_NAME_MAX }) },
          ]}
          extra={counter(current.display_name)}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="slug_name"
          label={t('tags.form.slug')}
          required
          rules={[
            required(t('tags.form.slug_empty')),
            { max: TAG_NAME_MAX, message: t('tags.form.too_long', { count: TAG_NAME_MAX }) },
            {
              validator: (_: unknown, value: unknown) =>
                typeof value !== 'string' || value === '' || value.length > TAG_NAME_MAX || SLUG.test(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('tags.form.slug_invalid'))),
            },
          ]}
          extra={
            <>
              <span>{slugEditable ? t('tags.form.slug_hint') : t('tags.form.slug_locked')}</span>
              {counter(current.slug_name)}
            </>
          }
        >
          <Input autoComplete="off" readOnly={!slugEditable} aria-readonly={!slugEditable || undefined} />
        </Form.Item>
        <Form.Item name="original_text" label={t('tags.form.wiki')}>
          <FormEditor placeholder={t('tags.form.wiki_placeholder')} />
        </Form.Item>
        {mode === 'edit' && (
          <Form.Item
            name="edit_summary"
            label={t('tags.form.summary')}
            rules={[{ max: EDIT_SUMMARY_MAX, message: t('tags.form.summary_too_long', { count: EDIT_SUMMARY_MAX }) }]}
          >
            <Input placeholder={t('tags.form.summary_placeholder')} autoComplete="off" />
          </Form.Item>
        )}
        {alert && <Alert type="error" showIcon title={alert} role="alert" className="qa-ask-alert" />}
        <div className="qa-ask-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {mode === 'create' ? t('tags.form.create') : t('tags.form.save')}
          </Button>
          <Link to={cancelTo}>{t('tags.form.cancel')}</Link>
        </div>
      </Form>
    </>
  );
}

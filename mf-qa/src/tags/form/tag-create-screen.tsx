import { paths } from '@agora/shared-api';
import { tagAddPermissionQuery } from '@agora/shared-api/resources/permission';
import { Alert, AntdProvider, Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormPage } from '../../common/form-page';
import { NAMESPACE } from '../../namespace';
import { useSite } from '../../common/site';
import { useCreateTag, type TagCreateResult } from '../api';
import { emptyTag, TagForm } from './tag-form';

/**
 * `/tags/create`: the shell's guard lets only administrators and moderators in (members get
 * the 403 page). GET permission?action=tag.add still decides, and a refusal shows the server's
 * no_permission_tip instead of the form.
 */
export default function TagCreateScreen() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const site = useSite();
  const permission = useQuery(tagAddPermissionQuery());

  useEffect(() => {
    document.title = site.name ? `${t('tags.create.title')} - ${site.name}` : t('tags.create.title');
  }, [site.name, t]);

  const save = useCreateTag();
  const onSent = useCallback((result: TagCreateResult) => void navigate(paths.tag(result.slug_name)), [navigate]);

  let body;
  if (permission.isPending) body = <Spin />;
  else if (permission.isError)
    body = (
      <p role="alert" className="qa-muted">
        {t('tags.create.permission_failed')}
      </p>
    );
  else if (!permission.data?.has_permission)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('tags.create.no_permission')}
        description={permission.data?.no_permission_tip || undefined}
      />
    );
  else
    body = (
      <TagForm mode="create" baseline={emptyTag} slugEditable save={save} onSent={onSent} cancelTo={paths.tags()} />
    );

  return (
    <AntdProvider>
      <FormPage title={t('tags.create.title')}>{body}</FormPage>
    </AntdProvider>
  );
}

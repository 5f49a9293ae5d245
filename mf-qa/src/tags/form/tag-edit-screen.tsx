import { isApiError, paths, useCurrentUser } from '@agora/shared-api';
import { editCheckQuery } from '@agora/shared-api/resources/revision';
import { tagByIdQuery } from '@agora/shared-api/resources/tag';
import { useToast } from '@agora/shared-ui';
import { AntdProvider, Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FormPage } from '../../common/form-page';
import { NAMESPACE } from '../../namespace';
import { useSite } from '../../common/site';
import { useUpdateTag, type TagUpdateResult } from '../api';
import { TagForm, type TagValues } from './tag-form';

/** Administrators (2) and moderators (3) change slugs. */
const STAFF_ROLES = new Set([2, 3]);

/**
 * `/tags/{tagId}/edit`: GET revisions/edit/check first (an edit under review: the shell shows
 * the server's toast and the user goes back to the tag's info page), then the tag form with an edit
 * summary. PUT tag applies the edit or keeps it for review (wait_for_review: the product's 'Your revision will
 * show after review').
 */
export default function TagEditScreen() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const { tagId = '' } = useParams();
  const site = useSite();
  const { user } = useCurrentUser();
  const check = useQuery(editCheckQuery(tagId));
  const tag = useQuery(tagByIdQuery(tagId));
  const info = tag.data;
  const refused = check.isError && isApiError(check.error) && check.error.status === 400;

  useEffect(() => {
    document.title = site.name ? `${t('tags.edit.title')} - ${site.name}` : t('tags.edit.title');
  }, [site.name, t]);

  useEffect(() => {
    if (refused && info) void navigate(paths.tagInfo(info.slug_name), { replace: true });
  }, [refused, info, navigate]);

  const baseline = useMemo<TagValues | null>(
    () =>
      info
        ? {
            display_name: info.display_name,
            slug_name: info.slug_name,
            original_text: info.original_text,
            edit_summary: '',
          }
        : null,
    [info],
  );

  const save = useUpdateTag(tagId);
  const onSent = useCallback(
    ({ slug, result }: { slug: string; result: TagUpdateResult }) => {
      if (result.wait_for_review) {
        toast.success(t('tags.edit.wait_for_review'));
        void navigate(paths.tagInfo(info?.slug_name ?? slug));
      } else void navigate(paths.tagInfo(slug));
    },
    [toast, t, navigate, info],
  );

  let body;
  if ((check.isError && !refused) || tag.isError)
    body = (
      <p role="alert" className="qa-muted">
        {t('tags.edit.load_failed')}
      </p>
    );
  else if (!check.isSuccess || !baseline || !info) body = <Spin />;
  else
    body = (
      <TagForm
        mode="edit"
        baseline={baseline}
        slugEditable={STAFF_ROLES.has(user?.role_id ?? 0)}
        save={save}
        onSent={onSent}
        cancelTo={paths.tagInfo(info.slug_name)}
      />
    );

  return (
    <AntdProvider>
      <FormPage title={t('tags.edit.title')}>{body}</FormPage>
    </AntdProvider>
  );
}

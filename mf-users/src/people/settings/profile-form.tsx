import { type CurrentUser, type SiteInfo } from '@agora/shared-api';
import type { UpdateUserInfoBody } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { Alert, Button, Form, Input, Radio } from '@agora/shared-ui/antd';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { useSaveProfile, useUploadAvatar } from '../common/writes';
import { UserAvatar } from '../common/avatar';
import {
  avatarFileProblem,
  BIO_MAX,
  hasNameCharacters,
  isWebsite,
  lengthOf,
  LOCATION_MAX,
  NAME_MAX,
  WEBSITE_MAX,
} from '../common/validation';
import { applyServerErrors, check } from './form-errors';

type AvatarKind = 'system' | 'gravatar' | 'custom';

interface ProfileValues {
  display_name: string;
  username: string;
  avatar_type: AvatarKind;
  bio: string;
  website: string;
  location: string;
}

const FIELDS = ['display_name', 'username', 'avatar_type', 'bio', 'website', 'location'] as const;
type Field = 'display_name' | 'username' | 'avatar' | 'bio' | 'website' | 'location';

/** PUT user/info body (shared-api contract UpdateUserInfoBody). */
type UserInfoBody = UpdateUserInfoBody;

function avatarOf(user: CurrentUser): { type: AvatarKind; custom: string; gravatar: string } {
  const avatar = user.avatar;
  if (typeof avatar === 'string') return { type: avatar ? 'custom' : 'system', custom: avatar, gravatar: '' };
  const type: AvatarKind = avatar?.type === 'custom' ? 'custom' : avatar?.type === 'gravatar' ? 'gravatar' : 'system';
  return { type, custom: avatar?.custom ?? '', gravatar: avatar?.gravatar ?? '' };
}

/** Settings → Profile: name, username, picture, bio, website and location (PUT user/info). */
export function ProfileForm({ user, site }: { user: CurrentUser; site: SiteInfo | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<ProfileValues>();
  const initialAvatar = avatarOf(user);
  const [custom, setCustom] = useState(initialAvatar.custom);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const avatarType = Form.useWatch('avatar_type', form) ?? initialAvatar.type;
  const fileId = useId();
  const k = (key: string, options?: Record<string, unknown>) => t(`people.settings.profile.${key}`, options ?? {});

  const settings = site?.site_users;
  const allowed = (field: Field) => {
    if (!settings) return true;
    const key = `allow_update_${field}` as keyof typeof settings;
    return settings[key] !== false;
  };
  const hint = (field: Field, help?: string) => (allowed(field) ? help : k('locked'));

  const upload = useUploadAvatar();
  const save = useSaveProfile(user);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setUploadError(k(`avatar.${problem}`));
      return;
    }
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: (url) => {
        setCustom(url);
        form.setFields([{ name: 'avatar_type', value: 'custom', errors: [] }]);
      },
      onError: (error) => setUploadError(error.message || k('avatar.upload_failed')),
    });
  };

  const onFinish = (values: ProfileValues) => {
    setAlert(null);
    if (values.avatar_type === 'custom' && !custom) {
      form.setFields([{ name: 'avatar_type', errors: [k('avatar.empty')] }]);
      return;
    }
    // Every field is sent (the server refuses a changed value of a locked field, not the stored one).
    const body: UserInfoBody = {
      display_name: allowed('display_name') ? values.display_name.trim() : user.display_name,
      username: allowed('username') ? values.username.trim() : user.username,
      avatar: allowed('avatar')
        ? {
            type: values.avatar_type,
            gravatar: initialAvatar.gravatar,
            custom: values.avatar_type === 'custom' ? custom : '',
          }
        : { type: initialAvatar.type, gravatar: initialAvatar.gravatar, custom: initialAvatar.custom },
      bio: allowed('bio') ? values.bio : (user.bio ?? ''),
      website: allowed('website') ? values.website.trim() : (user.website ?? ''),
      location: allowed('location') ? values.location.trim() : (user.location ?? ''),
    };
    save.mutate(body, {
      onSuccess: () => {
        toast.success(k('saved'));
      },
      onError: (error) => {
        const rest = applyServerErrors(form, error, FIELDS, { avatar: 'avatar_type', 'avatar.custom': 'avatar_type' });
        if (rest.length) setAlert(rest.join(' '));
      },
    });
  };

  const previewName = user.display_name || user.username;
  const initialValues: ProfileValues = {
    display_name: user.display_name,
    username: user.username,
    avatar_type: initialAvatar.type,
    bio: user.bio ?? '',
    website: user.website ?? '',
    location: user.location ?? '',
  };

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      scrollToFirstError={{ focus: true }}
      className="people-form"
      noValidate
    >
      {alert && <Alert type="error" showIcon title={alert} className="people-form__alert" />}
      <Form.Item<ProfileValues>
        name="display_name"
        required
        label={k('display_name.label')}
        extra={hint('display_name')}
        rules={check((v) => {
          if (!v.trim()) return k('display_name.empty');
          if (lengthOf(v.trim()) > NAME_MAX) return k('display_name.too_long', { max: NAME_MAX });
          return null;
        })}
      >
        <Input disabled={!allowed('display_name')} autoComplete="name" />
      </Form.Item>
      <Form.Item<ProfileValues>
        name="username"
        required
        label={k('username.label')}
        extra={hint('username', k('username.help'))}
        rules={check((v) => {
          const name = v.trim();
          if (!name) return k('username.empty');
          if (lengthOf(name) > NAME_MAX) return k('username.too_long', { max: NAME_MAX });
          if (!hasNameCharacters(name)) return k('username.characters');
          return null;
        })}
      >
        <Input disabled={!allowed('username')} autoComplete="username" spellCheck={false} />
      </Form.Item>

      <Form.Item<ProfileValues> name="avatar_type" label={k('avatar.label')} extra={hint('avatar')}>
        <Radio.Group disabled={!allowed('avatar')} className="people-avatar-choice">
          <Radio value="system">{k('avatar.system')}</Radio>
          <Radio value="gravatar">{k('avatar.gravatar')}</Radio>
          <Radio value="custom">{k('avatar.custom')}</Radio>
        </Radio.Group>
      </Form.Item>
      {avatarType === 'gravatar' && <p className="people-muted people-form__note">{k('avatar.gravatar_help')}</p>}
      {avatarType === 'custom' && allowed('avatar') && (
        <div className="people-upload">
          {custom ? (
            <UserAvatar avatar={custom} name={previewName} size={96} decorative={false} />
          ) : (
            <span className="people-muted">{k('avatar.none_yet')}</span>
          )}
          <div className="people-upload__controls">
            <label htmlFor={fileId} className="people-upload__label">
              {k('avatar.choose')}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
              onChange={onFile}
              disabled={upload.isPending}
              aria-describedby={`${fileId}-help`}
            />
            <span id={`${fileId}-help`} className="people-muted">
              {k('avatar.help')}
            </span>
            {upload.isPending && <span role="status">{k('avatar.uploading')}</span>}
            {uploadError && (
              <span role="alert" className="people-error">
                {uploadError}
              </span>
            )}
          </div>
        </div>
      )}

      <Form.Item<ProfileValues>
        name="bio"
        label={k('bio.label')}
        extra={hint('bio', k('bio.help'))}
        rules={check((v) => (lengthOf(v) > BIO_MAX ? k('bio.too_long', { max: BIO_MAX }) : null))}
      >
        <Input.TextArea rows={5} disabled={!allowed('bio')} />
      </Form.Item>
      <Form.Item<ProfileValues>
        name="website"
        label={k('website.label')}
        extra={hint('website')}
        rules={check((v) => {
          const url = v.trim();
          if (!url) return null;
          if (lengthOf(url) > WEBSITE_MAX || !isWebsite(url)) return k('website.invalid');
          return null;
        })}
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          disabled={!allowed('website')}
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item<ProfileValues>
        name="location"
        label={k('location.label')}
        extra={hint('location')}
        rules={check((v) => (lengthOf(v.trim()) > LOCATION_MAX ? k('location.too_long', { max: LOCATION_MAX }) : null))}
      >
        <Input disabled={!allowed('location')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={upload.isPending}>
        {k('save')}
      </Button>
    </Form>
  );
}

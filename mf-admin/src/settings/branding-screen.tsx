import type { SiteInfo } from '@agora/shared-api';
import { Input } from '@agora/shared-ui/antd';
import { useId, useState, type ChangeEvent } from 'react';
import { uploadBrandingImage } from '../api/settings';
import { SettingItem, usePinned } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { isImageAddress, isSingleLine, lengthOf, textRule } from './form/validation';

type Branding = SiteInfo['branding'];
type Field = keyof Branding;
const FIELDS: readonly Field[] = ['logo', 'mobile_logo', 'square_icon', 'favicon'];
/** The images that cannot be left empty. */
const REQUIRED: readonly Field[] = ['logo', 'square_icon'];
const ADDRESS_MAX = 512;
const ACCEPT = '.png,.jpg,.jpeg,.webp,.svg,.ico,image/png,image/jpeg,image/webp,image/svg+xml,image/x-icon';

/** Settings → Branding: logo, mobile logo, square icon and favicon, each uploaded or given as an address. */
export default function BrandingScreen() {
  const k = useSettingsText('branding');
  const oneLine = useSettingsText('form')('single_line');
  return (
    <SettingsPage screen="branding">
      <SettingsForm<Branding, Branding>
        path="siteinfo/branding"
        name="settings-branding"
        fields={FIELDS}
        toValues={(b) => ({ ...b })}
        toBody={(v) => ({
          logo: v.logo.trim(),
          mobile_logo: v.mobile_logo.trim(),
          square_icon: v.square_icon.trim(),
          favicon: v.favicon.trim(),
        })}
      >
        {({ form }) =>
          FIELDS.map((field) => (
            <SettingItem
              key={field}
              name={field}
              label={k(`${field}.label`)}
              extra={k(`${field}.help`)}
              required={REQUIRED.includes(field)}
              rules={[
                textRule((v) => {
                  if (!isSingleLine(v.trim())) return oneLine;
                  if (!v.trim()) return REQUIRED.includes(field) ? k(`${field}.empty`) : null;
                  if (lengthOf(v.trim()) > ADDRESS_MAX || !isImageAddress(v)) return k('invalid');
                  return null;
                }),
              ]}
            >
              <ImageField
                field={field}
                onUploaded={(url) => form.setFields([{ name: field, value: url, errors: [], touched: true }])}
              />
            </SettingItem>
          ))
        }
      </SettingsForm>
    </SettingsPage>
  );
}

interface ImageFieldProps {
  field: Field;
  /** Given by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  onUploaded(url: string): void;
}

/** The image's address (typed or filled by an upload), its preview and the upload control. */
function ImageField({ field, id, value = '', onChange, disabled, onUploaded }: ImageFieldProps) {
  const k = useSettingsText('branding');
  const fileId = useId();
  const pinned = usePinned(field);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ busy: true, error: null });
    uploadBrandingImage(file).then(
      (url) => {
        setState({ busy: false, error: null });
        onUploaded(url);
        onChange?.(url);
      },
      (error: unknown) =>
        setState({ busy: false, error: (error instanceof Error && error.message) || k('upload_failed') }),
    );
  };

  return (
    <div>
      {value.trim() && isImageAddress(value) && (
        <img src={value.trim()} alt={k('preview', { name: k(`${field}.label`) })} className="admin-settings__preview" />
      )}
      <Input
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="https://example.com/logo.png"
        spellCheck={false}
      />
      {!disabled && !pinned && (
        <div className="admin-settings__upload">
          <label htmlFor={fileId}>{k('upload', { name: k(`${field}.label`) })}</label>
          <input id={fileId} type="file" accept={ACCEPT} onChange={onFile} disabled={state.busy} />
          {state.busy && <span role="status">{k('uploading')}</span>}
          {state.error && (
            <span role="alert" className="admin-settings__field-error">
              {state.error}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

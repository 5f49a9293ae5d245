import { ColorPicker, Input } from '@agora/shared-ui/antd';
import { useSettingsText } from './form/texts';

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

interface ColorFieldProps {
  /** Given by Form.Item: the text field carries the item's label. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shown by the picker while the typed text is not a colour. */
  fallback: string;
}

/**
 * A colour as `#RRGGBB`: a text field (typed, the keyboard's way) and antd's ColorPicker beside it, opened
 * by a real button, so both are labelled and reachable; either one sets the value.
 */
export function ColorField({ id, value = '', onChange, disabled, fallback }: ColorFieldProps) {
  const k = useSettingsText('themes');
  const shown = HEX_COLOR.test(value) ? value : fallback;
  return (
    <div className="admin-settings__color">
      <ColorPicker
        value={shown}
        disabledAlpha
        format="hex"
        disabled={disabled}
        onChangeComplete={(color) => onChange?.(color.toHexString().toUpperCase())}
      >
        <button
          type="button"
          className="admin-settings__swatch"
          style={{ background: shown }}
          aria-label={k('primary_color.pick')}
          disabled={disabled}
        />
      </ColorPicker>
      <Input
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value.trim())}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        className="admin-settings__color-text"
      />
    </div>
  );
}

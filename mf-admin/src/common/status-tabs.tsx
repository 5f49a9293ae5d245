import { Tabs } from '@agora/shared-ui/antd';

/** A list's status filter as tabs (arrow keys move between them); the list below is their panel. */
export function StatusTabs<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
}) {
  return (
    <Tabs
      className="admin-tabs"
      aria-label={label}
      activeKey={value}
      onChange={(key) => onChange(key as T)}
      items={options.map((option) => ({ key: option.value, label: option.label }))}
    />
  );
}

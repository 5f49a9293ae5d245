// @agora/shared-ui/combobox: one accessible combobox (ARIA 1.2, listbox popup) for tags and mentions. Light
// (no antd) and on its own entry, so only the pages with such a field download it.
export { ComboboxList, ComboboxStatus, type ComboboxListProps, type ComboboxStatusProps } from './combobox-list';
export { useCombobox, type Combobox, type ComboboxFieldProps, type UseComboboxOptions } from './use-combobox';

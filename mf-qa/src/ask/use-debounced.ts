// The tag picker still reads the hook from here until it moves to common/ with the shared combobox.
export { useDebounced } from '../common/use-debounced';

import { Editor, type EditorProps } from 'bytemd';
import { useEffect, useRef } from 'react';

/** The Svelte component API bytemd's Editor has (svelte's own types are not a dependency here). */
interface SvelteEditor {
  $set: (props: Partial<EditorProps>) => void;
  $on: (event: 'change', callback: (event: CustomEvent<{ value: string }>) => void) => () => void;
  $destroy: () => void;
}
const SvelteEditorClass = Editor as unknown as new (options: { target: Element; props: EditorProps }) => SvelteEditor;

export interface BytemdHostProps extends EditorProps {
  onChange: (value: string) => void;
  className?: string;
}

/**
 * Mounts bytemd's (Svelte) editor. Like @bytemd/react's Editor, but it hands Svelte only the props that
 * changed: Svelte counts every object and function prop as changed on each `$set`, so passing them all on
 * every render (what @bytemd/react does) tears the plugins and keymaps down and up on each keystroke.
 */
export function BytemdHost({ onChange, className, ...props }: BytemdHostProps) {
  const target = useRef<HTMLDivElement>(null);
  const instance = useRef<SvelteEditor | null>(null);
  const onChangeRef = useRef(onChange);
  const initialProps = useRef(props);
  const lastProps = useRef(props);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!target.current) return;
    const editor = new SvelteEditorClass({ target: target.current, props: initialProps.current });
    editor.$on('change', (event: CustomEvent<{ value: string }>) => onChangeRef.current(event.detail.value));
    instance.current = editor;
    lastProps.current = initialProps.current;
    return () => {
      editor.$destroy();
      instance.current = null;
    };
  }, []);

  useEffect(() => {
    const changed: Partial<EditorProps> = {};
    let any = false;
    for (const key of Object.keys(props) as (keyof EditorProps)[]) {
      if (props[key] !== lastProps.current[key]) {
        (changed as Record<string, unknown>)[key] = props[key];
        any = true;
      }
    }
    lastProps.current = props;
    if (any) instance.current?.$set(changed);
  });

  return <div ref={target} className={className} />;
}

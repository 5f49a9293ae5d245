import { Form } from '@agora/shared-ui/antd';
import { useId, type ReactNode } from 'react';
import { PostEditor } from './post-editor';

/** The editor as a form control: Form.Item gives it id, value and onChange; the error outline from its status. */
export function FormEditor(props: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}) {
  const { status } = Form.Item.useStatus();
  return <PostEditor {...props} status={status === 'error' ? 'error' : undefined} />;
}

export function FormPage({ title, children, intro }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="qa-ask-page" aria-labelledby={id}>
      <h1 id={id} className="qa-ask-page__title">
        {title}
      </h1>
      {intro}
      {children}
    </section>
  );
}

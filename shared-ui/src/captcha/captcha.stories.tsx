import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { AntdProvider, Button, Form } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { afterCaptchaFailure, CaptchaField } from './captcha-field';
import { useCaptchaGate } from './captcha-gate';
import type { CaptchaAnswer, CaptchaRecord } from './types';
import { useCaptcha } from './use-captcha';

// A stand-in server: each record is a new code drawn as an SVG; the answer is the code shown.
const issued = new Map<string, string>();
let serial = 0;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(): Promise<CaptchaRecord> {
  await delay(200);
  serial += 1;
  const code = Math.random().toString(36).slice(2, 6).toUpperCase();
  const id = `captcha-${serial}`;
  issued.set(id, code);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#f0f0f0"/><text x="60" y="27" font-size="20" font-family="monospace" text-anchor="middle" fill="#1f1f1f">${code}</text></svg>`;
  return { captcha_id: id, captcha_img: `data:image/svg+xml;base64,${btoa(svg)}`, verify: true };
}

class CaptchaRefused extends Error {
  readonly fieldErrors = [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }];
}

async function send(answer: CaptchaAnswer): Promise<string> {
  await delay(300);
  const expected = answer.captcha_id ? issued.get(answer.captcha_id) : undefined;
  if (answer.captcha_id) issued.delete(answer.captcha_id);
  if (!expected || expected !== answer.captcha_code?.toUpperCase()) throw new CaptchaRefused();
  return 'Comment posted.';
}

/** useCaptchaGate: an action without a captcha field of its own asks for the code in a dialog. */
function GateDemo() {
  const gate = useCaptchaGate('comment', { load });
  const [outcome, setOutcome] = useState('');
  return (
    <AntdProvider>
      <Button
        type="primary"
        onClick={() => void gate.run(send).then((r) => setOutcome(r.done ? r.value : 'Cancelled.'))}
      >
        Add comment
      </Button>
      <p role="status">{outcome}</p>
      {gate.dialog}
    </AntdProvider>
  );
}

/** useCaptcha + CaptchaField: the captcha inside a form, shown while the server asks for one. */
function FieldDemo() {
  const captcha = useCaptcha('email', { load });
  const [form] = Form.useForm<{ captcha_code?: string }>();
  const [outcome, setOutcome] = useState('');
  return (
    <AntdProvider>
      <Form
        form={form}
        layout="vertical"
        noValidate
        style={{ maxWidth: 360 }}
        onFinish={async (values) => {
          try {
            setOutcome(await send(captcha.answer(values.captcha_code)));
          } catch (error) {
            setOutcome('');
            void afterCaptchaFailure(form, captcha, error);
          }
        }}
      >
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit">
          Send
        </Button>
        <p role="status">{outcome}</p>
      </Form>
    </AntdProvider>
  );
}

const meta = {
  title: 'Forms/Captcha',
  component: GateDemo,
  parameters: {
    docs: {
      description: {
        component:
          '@agora/shared-ui/captcha: type the code shown; a wrong one puts the message on the field and loads a new image.',
      },
    },
  },
} satisfies Meta<typeof GateDemo>;

export default meta;
export const Dialog: StoryObj<typeof meta> = {};
export const InlineField: StoryObj<typeof meta> = { render: () => <FieldDemo /> };

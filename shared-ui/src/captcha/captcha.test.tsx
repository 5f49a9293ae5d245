import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { renderWithProviders } from '../test/render';
import { afterCaptchaFailure, CaptchaField } from './captcha-field';
import { useCaptchaGate, type CaptchaGateResult } from './captcha-gate';
import type { CaptchaAnswer, CaptchaRecord } from './types';
import { useCaptcha } from './use-captcha';

const T = en_US.captcha;
const record = (n: number, verify = true): CaptchaRecord => ({
  captcha_id: verify ? `captcha-${n}` : '',
  captcha_img: verify ? `data:image/png;base64,${btoa(`image-${n}`)}` : '',
  verify,
});

/** A failure as the API client gives it (shared-api ApiError carries `fieldErrors`). */
class FieldFailure extends Error {
  constructor(readonly fieldErrors: { error_field: string; error_msg: string }[]) {
    super(fieldErrors[0]?.error_msg ?? 'failed');
  }
}
const wrongCaptcha = () => new FieldFailure([{ error_field: 'captcha_code', error_msg: 'Verification failed.' }]);

/** Records 1, 2, 3… each time (every load of a required captcha issues a new one). */
function loader(verify: (n: number) => boolean = () => true) {
  let n = 0;
  return vi.fn(async (_action: string) => {
    n += 1;
    return record(n, verify(n));
  });
}

function GateHarness({
  load,
  send,
}: {
  load(action: string): Promise<CaptchaRecord>;
  send(answer: CaptchaAnswer): Promise<string>;
}) {
  const gate = useCaptchaGate('comment', { load });
  const [result, setResult] = useState('');
  const go = () =>
    gate.run(send).then(
      (r: CaptchaGateResult<string>) => setResult(r.done ? `done:${r.value}` : 'cancelled'),
      (e: unknown) => setResult(`failed:${(e as Error).message}`),
    );
  return (
    <>
      <button type="button" onClick={() => void go()}>
        Send
      </button>
      <output data-testid="result">{result}</output>
      {gate.dialog}
    </>
  );
}

const result = () => screen.getByTestId('result');

describe('useCaptchaGate', () => {
  it('sends at once, without a dialog, when the action record asks for nothing', async () => {
    const user = userEvent.setup();
    const load = loader(() => false);
    const send = vi.fn(async () => 'ok');
    renderWithProviders(<GateHarness load={load} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(result()).toHaveTextContent('done:ok'));
    expect(load).toHaveBeenCalledWith('comment');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the image in a labelled dialog and sends captcha_id + the trimmed code', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => 'ok');
    renderWithProviders(<GateHarness load={loader()} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    expect(within(dialog).getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(1).captcha_img);
    expect(send).not.toHaveBeenCalled();
    const field = within(dialog).getByLabelText(T.label);
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, ' ab12 ');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));
    await waitFor(() => expect(result()).toHaveTextContent('done:ok'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ captcha_id: 'captcha-1', captcha_code: 'ab12' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('another image on request; Enter sends the code for the image shown', async () => {
    const user = userEvent.setup();
    const load = loader();
    const send = vi.fn(async () => 'ok');
    renderWithProviders(<GateHarness load={load} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    await user.click(within(dialog).getByRole('button', { name: T.refresh }));
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img),
    );
    expect(load).toHaveBeenCalledTimes(2);
    await user.type(within(dialog).getByLabelText(T.label), 'xyz{Enter}');
    await waitFor(() => expect(result()).toHaveTextContent('done:ok'));
    expect(send).toHaveBeenCalledWith({ captcha_id: 'captcha-2', captcha_code: 'xyz' });
  });

  it('a wrong code: the server’s message on the field, the field emptied, a fresh image; the retry sends it', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (answer: CaptchaAnswer) => {
      if (answer.captcha_code !== 'right') throw wrongCaptcha();
      return 'ok';
    });
    renderWithProviders(<GateHarness load={loader()} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    const field = within(dialog).getByLabelText(T.label);
    await user.type(field, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));

    await waitFor(() => expect(field).toHaveAccessibleDescription('Verification failed.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img),
    );
    expect(result()).toHaveTextContent('');

    await user.type(field, 'right');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));
    await waitFor(() => expect(result()).toHaveTextContent('done:ok'));
    expect(send.mock.calls.map(([a]) => a)).toEqual([
      { captcha_id: 'captcha-1', captcha_code: 'wrong' },
      { captcha_id: 'captcha-2', captcha_code: 'right' },
    ]);
  });

  it('an empty code is refused on the field without sending', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => 'ok');
    renderWithProviders(<GateHarness load={loader()} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    const field = within(dialog).getByLabelText(T.label);
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(T.empty));
    expect(send).not.toHaveBeenCalled();
  });

  it('the record said no but the server asks anyway: the dialog opens with its message on the field', async () => {
    const user = userEvent.setup();
    const load = loader((n) => n > 1);
    const send = vi.fn(async (answer: CaptchaAnswer) => {
      if (!answer.captcha_code) throw wrongCaptcha();
      return 'ok';
    });
    renderWithProviders(<GateHarness load={load} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    // On the field: its description, and the field is focused (so it is read out).
    const field = within(dialog).getByLabelText(T.label);
    await waitFor(() => expect(field).toHaveAccessibleDescription('Verification failed.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img);
    await user.type(within(dialog).getByLabelText(T.label), 'abc');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));
    await waitFor(() => expect(result()).toHaveTextContent('done:ok'));
    expect(send.mock.calls.map(([a]) => a)).toEqual([{}, { captcha_id: 'captcha-2', captcha_code: 'abc' }]);
  });

  it('cancel (or Escape) resolves as not done; other failures reject and close the dialog', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new FieldFailure([{ error_field: 'original_text', error_msg: 'Too short.' }]);
    });
    renderWithProviders(<GateHarness load={loader()} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    let dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(result()).toHaveTextContent('cancelled'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send' }));
    dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    await waitFor(() => expect(within(dialog).getByLabelText(T.label)).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(result()).toHaveTextContent('cancelled');
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    dialog = await screen.findByRole('dialog', { name: T.dialog_title });
    await user.type(within(dialog).getByLabelText(T.label), 'abc');
    await user.click(within(dialog).getByRole('button', { name: T.verify }));
    await waitFor(() => expect(result()).toHaveTextContent('failed:Too short.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks the reader’s language', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GateHarness load={loader()} send={async () => 'ok'} />, { language: 'zh_CN' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: zh_CN.captcha.dialog_title });
    expect(within(dialog).getByLabelText(zh_CN.captcha.label)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: zh_CN.captcha.image_alt })).toBeInTheDocument();
  });
});

function InlineForm({ load, send }: { load(a: string): Promise<CaptchaRecord>; send(body: object): Promise<void> }) {
  const captcha = useCaptcha('password', { load });
  const [form] = Form.useForm<{ captcha_code?: string }>();
  const [status, setStatus] = useState('');
  return (
    <Form
      form={form}
      noValidate
      onFinish={async (values) => {
        try {
          await send(captcha.answer(values.captcha_code));
          setStatus('sent');
        } catch (error) {
          setStatus('failed');
          void afterCaptchaFailure(form, captcha, error);
        }
      }}
    >
      <CaptchaField captcha={captcha} />
      <Button htmlType="submit">Log in</Button>
      <output data-testid="status">{status}</output>
    </Form>
  );
}

describe('CaptchaField with useCaptcha', () => {
  it('shows nothing while no captcha is required; after a failure the fresh record brings the field', async () => {
    const user = userEvent.setup();
    const load = loader((n) => n > 1);
    const send = vi.fn(async () => {
      throw new Error('wrong password');
    });
    renderWithProviders(<InlineForm load={load} send={send} />);
    await waitFor(() => expect(load).toHaveBeenCalledWith('password'));
    expect(screen.queryByRole('img', { name: T.image_alt })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(T.label)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img);
    expect(send).toHaveBeenCalledWith({});
    expect(screen.getByLabelText(T.label)).toBeInTheDocument();
  });

  it('required: the code is sent with the id; a wrong one lands on the field with a new image', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (body: CaptchaAnswer) => {
      if (body.captcha_code !== 'right') throw wrongCaptcha();
    });
    renderWithProviders(<InlineForm load={loader()} send={send} />);
    const field = await screen.findByLabelText(T.label);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(T.empty));
    expect(send).not.toHaveBeenCalled();

    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Verification failed.'));
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img),
    );
    await user.type(field, 'right');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('sent'));
    expect(send.mock.calls.map(([a]) => a)).toEqual([
      { captcha_id: 'captcha-1', captcha_code: 'nope' },
      { captcha_id: 'captcha-2', captcha_code: 'right' },
    ]);
  });

  it('a slow earlier record never replaces a newer one', async () => {
    const user = userEvent.setup();
    let release: (r: CaptchaRecord) => void = () => {};
    const load = vi
      .fn<(a: string) => Promise<CaptchaRecord>>()
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
      .mockResolvedValue(record(2));
    const send = vi.fn(async () => {
      throw new Error('wrong password');
    });
    renderWithProviders(<InlineForm load={load} send={send} />);
    // The first load hangs: the form is sent without a captcha; its failure asks again.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img);
    release(record(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('img', { name: T.image_alt })).toHaveAttribute('src', record(2).captcha_img);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { fill, setupUser } from '../test/user';
import i18next from 'i18next';
import { mockFetch } from '../test/http';
import { renderInstall } from '../test/render';

describe('the install wizard: language step', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  test('offers the server’s languages; choosing one switches the wizard at once and is sent with base-info', async () => {
    const http = mockFetch({
      'POST /installation/config-file/check': {
        config_file_exist: true,
        db_connection_success: true,
        db_table_exist: false,
      },
      'GET /installation/language/options': [
        { label: 'English', value: 'en_US' },
        { label: '简体中文', value: 'zh_CN' },
      ],
      'POST /installation/base-info': null,
    });
    const user = setupUser();
    renderInstall();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(screen.getByTitle('English')).toBeInTheDocument()); // en_US is selected

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '简体中文' }));

    // The whole wizard is in Chinese now, without a reload.
    expect(await screen.findByRole('heading', { level: 2, name: /选择语言/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '安装' })).toBeInTheDocument();
    expect(screen.getByText('第 1 步，共 5 步')).toBeInTheDocument();
    expect(i18next.language).toBe('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');

    await user.click(screen.getByRole('button', { name: '下一步' }));
    // Step 3 replaces step 1 (whose form submits asynchronously) before its own Next is clicked.
    expect(await screen.findByRole('heading', { level: 2, name: /配置和数据库已就绪/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByRole('heading', { level: 2, name: /站点信息和管理员账号/ })).toBeInTheDocument();

    // The client-side messages follow the language too.
    await user.click(screen.getByRole('button', { name: /安\s*装/ }));
    await waitFor(() => expect(screen.getByText('站点名称不能为空。')).toBeInTheDocument());

    await fill(user, screen.getByLabelText('站点名称'), '社区');
    await fill(user, screen.getByLabelText('联系邮箱'), 'contact@example.com');
    await fill(user, screen.getByLabelText('管理员名称'), 'admin');
    await fill(user, screen.getByLabelText('管理员密码'), 'password123');
    await fill(user, screen.getByLabelText('管理员邮箱'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: /安\s*装/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /你的站点已就绪/ })).toBeInTheDocument();

    const [body] = http.bodiesOf('POST', '/installation/base-info') as { lang: string }[];
    expect(body?.lang).toBe('zh_CN');
    // Requests carry the chosen language.
    const last = http.calls.at(-1)!;
    expect(last.headers.get('Accept-Language')).toBe('zh-CN');
  });
});

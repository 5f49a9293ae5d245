import { RemoteList } from '@agora/shared-api/contract';
import { Check } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { parseRemoteList, remoteListIssue } from './remote-list';

const valid = {
  remotes: [
    { name: 'mf_qa', entry: '/remotes/mf_qa/mf-manifest.json' },
    { name: 'mf_admin', entry: 'https://cdn.example.com/admin/mf-manifest.json' },
  ],
  plugins: [
    {
      slug_name: 'hello',
      name: 'plugin_hello',
      entry: '/plugins/hello/mf-manifest.json',
      module: './admin',
      label: 'Hello',
    },
  ],
};

const samples: unknown[] = [
  valid,
  { remotes: [], plugins: [] },
  null,
  [],
  { remotes: [] },
  { remotes: [{ name: 'mf-qa', entry: '/remotes/mf_qa/mf-manifest.json' }], plugins: [] },
  { remotes: [{ name: 'mf_qa', entry: 'javascript:alert(1)//mf-manifest.json' }], plugins: [] },
  { remotes: [{ name: 'mf_qa', entry: '/remotes/mf_qa/remoteEntry.js' }], plugins: [] },
  { remotes: [{ name: 'mf_qa', entry: '/remotes/mf_qa/mf-manifest.json', extra: 1 }], plugins: [] },
  { remotes: [], plugins: [{ ...valid.plugins[0], slug_name: 'Hello!' }] },
  { remotes: [], plugins: [{ ...valid.plugins[0], module: 'admin' }] },
  { remotes: [], plugins: [{ ...valid.plugins[0], label: 3 }] },
  { remotes: [], plugins: [{ ...valid.plugins[0], label: undefined }] },
];

describe('remote list validation', () => {
  it('accepts a valid list and returns it unchanged', () => {
    expect(parseRemoteList(valid)).toBe(valid);
  });

  it('names the first problem', () => {
    expect(() => parseRemoteList({ remotes: [{ name: 'mf-qa', entry: '/x/mf-manifest.json' }], plugins: [] })).toThrow(
      'Invalid remote list: /remotes/0/name is invalid',
    );
  });

  it.each(samples.map((s, i) => [i, s]))('agrees with the TypeBox contract on sample %i', (_i, sample) => {
    const plain = JSON.parse(JSON.stringify(sample ?? null)) as unknown;
    expect(remoteListIssue(plain) === null).toBe(Check(RemoteList, plain));
  });
});

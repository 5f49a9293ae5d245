import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { FollowingTagsCard } from './following-tags-card';
import type { FollowedTag } from './types';

const CATALOG: FollowedTag[] = [
  { slug_name: 'react', display_name: 'React' },
  { slug_name: 'redux', display_name: 'Redux' },
  { slug_name: 'regex', display_name: 'regex' },
  { slug_name: 'rust', display_name: 'Rust' },
  { slug_name: 'typescript', display_name: 'TypeScript' },
  { slug_name: 'node', display_name: 'Node.js' },
];

/** Prefix suggestions over a small catalogue, a little slow like a real request. */
const suggest = async (prefix: string) => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  const p = prefix.toLowerCase();
  return CATALOG.filter((t) => t.slug_name.startsWith(p) || t.display_name.toLowerCase().startsWith(p));
};

const meta = {
  title: 'Data display/FollowingTagsCard',
  component: FollowingTagsCard,
  args: {
    tags: CATALOG.slice(0, 3),
    tagHref: (slug: string) => `/tags/${slug}`,
    suggest,
    onSave: () => new Promise((resolve) => setTimeout(resolve, 800)),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof FollowingTagsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { tags: [] } };
export const Loading: Story = { args: { tags: [], loading: true } };
export const LoadFailed: Story = { args: { tags: [], loadFailed: true } };
/** Save always fails: the editor stays open with the error under the chips. */
export const SaveFails: Story = {
  args: { onSave: () => new Promise((_, reject) => setTimeout(() => reject(new Error('offline')), 500)) },
};
/** Inside a settings section, under its h2. */
export const InSettings: Story = { args: { headingLevel: 3 } };

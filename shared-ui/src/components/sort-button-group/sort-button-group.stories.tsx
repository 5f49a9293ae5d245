import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useState } from 'react';
import { SortButtonGroup, type SortButtonGroupProps } from './sort-button-group';

const OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'newest', label: 'Newest' },
  { value: 'frequent', label: 'Frequent' },
  { value: 'score', label: 'Score' },
  { value: 'unanswered', label: 'Unanswered' },
];

function Interactive(props: SortButtonGroupProps) {
  const [value, setValue] = useState(props.value);
  return <SortButtonGroup {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Navigation/SortButtonGroup',
  component: SortButtonGroup,
  args: { options: OPTIONS, value: 'active', label: 'Sort questions' },
  render: (args) => <Interactive {...args} />,
  parameters: {
    docs: { description: { component: 'Below 768 px only the first 2 options show; the rest go under More.' } },
  },
} satisfies Meta<typeof SortButtonGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** Resize the preview below 768 px to see the More menu carry the active label. */
export const FoldedOptionActive: Story = { args: { value: 'score' } };
export const AsLinks: Story = {
  args: { hrefFor: (value: string) => `/questions?order=${value}` },
  render: (args) => <SortButtonGroup {...args} />,
};
export const TagSorts: Story = {
  args: {
    options: [
      { value: 'popular', label: 'Popular' },
      { value: 'name', label: 'Name' },
      { value: 'newest', label: 'Newest' },
    ],
    value: 'popular',
    label: 'Sort tags',
  },
};

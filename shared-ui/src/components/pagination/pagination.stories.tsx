import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useState } from 'react';
import { Pagination, type PaginationProps } from './pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 15, total: 300 },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NearTheStart: Story = {};
export const FurtherOn: Story = { args: { page: 10 } };
export const AtTheEnd: Story = { args: { page: 20 } };
export const AsLinks: Story = { args: { page: 3, hrefFor: (page: number) => `/questions?page=${page}` } };
/** One page of results: the bar is not rendered at all. */
export const SinglePage: Story = { args: { total: 12 } };

function InteractivePagination(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return <Pagination {...props} page={page} onChange={setPage} />;
}

export const Interactive: Story = { render: (args) => <InteractivePagination {...args} /> };

import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CardPlaceholder } from './card-placeholder';

const meta = {
  title: 'Feedback/CardPlaceholder',
  component: CardPlaceholder,
  args: { cards: 20 },
} satisfies Meta<typeof CardPlaceholder>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
export const FourCards: StoryObj<typeof meta> = { args: { cards: 4 } };

// Decorative icons (the buttons carrying them have accessible names of their own).
const svg = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const ArrowUpIcon = () => (
  <svg {...svg}>
    <path fill="currentColor" d="M12 4 3 15h6v5h6v-5h6z" />
  </svg>
);

export const ArrowDownIcon = () => (
  <svg {...svg}>
    <path fill="currentColor" d="M12 20 3 9h6V4h6v5h6z" />
  </svg>
);

export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <svg {...svg}>
    <path
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      d="M6 3h12v18l-6-4-6 4z"
    />
  </svg>
);

export const CheckIcon = () => (
  <svg {...svg}>
    <path fill="currentColor" d="m9 16.2-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4z" />
  </svg>
);

export const ShareIcon = () => (
  <svg {...svg}>
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13"
    />
  </svg>
);

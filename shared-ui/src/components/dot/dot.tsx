import { useSharedUiTranslation } from '../../i18n/register';
import './dot.css';

export interface DotProps {
  visible: boolean;
  /** What the dot means, for screen readers; default 'Unread'. */
  label?: string;
}

/** Unread dot (inbox bell, achievement trophy). Renders nothing when not visible. */
export function Dot({ visible, label }: DotProps) {
  const { t } = useSharedUiTranslation();
  if (!visible) return null;
  return (
    <span className="agora-dot" data-testid="unread-dot">
      {/* Leading space: the label joins the name of the control it decorates ('Inbox Unread'). */}
      <span className="agora-visually-hidden">{` ${label ?? t('unread')}`}</span>
    </span>
  );
}

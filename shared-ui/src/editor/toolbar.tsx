import {
  BoldOutlined,
  CodeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PaperClipOutlined,
  PartitionOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
// antd through the singleton entry: a direct 'antd' import would bundle a second copy (README, federation rule).
import { Button, Dropdown, Tooltip } from '@agora/shared-ui/antd';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { isMacPlatform, shortcutFor, shortcutLabel, type CommandId, type Shortcut } from './commands';
import { DIAGRAM_KINDS, HEADING_LEVELS, type DiagramKind, type HeadingLevel } from './snippets';

export type ToolbarAction =
  | { type: 'command'; command: CommandId }
  | { type: 'heading'; level: HeadingLevel }
  | { type: 'diagram'; kind: DiagramKind };

type Item =
  | { kind: 'separator' }
  | { kind: 'spacer' }
  | { kind: 'button'; label: string; icon: ReactNode; command?: CommandId; onClick: () => void; extra?: object }
  | {
      kind: 'menu';
      label: string;
      icon: ReactNode;
      command?: CommandId;
      entries: { key: string; label: string }[];
      choose: (key: string) => void;
    };

interface ToolbarProps {
  onAction: (action: ToolbarAction) => void;
  helpOpen: boolean;
  onToggleHelp: () => void;
  helpId: string;
  /** Opens the file picker of "Attach file"; no button without it (the site takes no attachments). */
  onAttach?: (() => void) | undefined;
}

function QuoteIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" focusable="false">
        <path d="M2 9.5C2 6.4 3.8 4.3 6.6 3.5l.5 1.1C5.5 5.3 4.8 6.4 4.7 7.6H7V13H2V9.5Zm7 0c0-3.1 1.8-5.2 4.6-6l.5 1.1c-1.6.7-2.3 1.8-2.4 3H14V13H9V9.5Z" />
      </svg>
    </span>
  );
}

/** ARIA for a shortcut: 'Control+B' / 'Meta+B'. */
function ariaKeys(shortcut: Shortcut | undefined, mac: boolean): string | undefined {
  if (!shortcut) return undefined;
  return [shortcut.shift ? 'Shift' : '', shortcut.mod ? (mac ? 'Meta' : 'Control') : '', shortcut.key]
    .filter(Boolean)
    .join('+');
}

/**
 * The editor's toolbar (WAI-ARIA toolbar: one Tab stop, arrow keys/Home/End move between the buttons).
 * Each button's tooltip names its shortcut.
 */
export function Toolbar({ onAction, helpOpen, onToggleHelp, helpId, onAttach }: ToolbarProps) {
  const { t } = useSharedUiTranslation();
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const mac = isMacPlatform();

  const focusable = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = focusable();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    let next: number;
    if (event.key === 'ArrowRight') next = (current + 1) % list.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + list.length) % list.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = list.length - 1;
    else return;
    event.preventDefault();
    setActive(next);
    list[next]?.focus();
  };

  const run = (command: CommandId) => () => onAction({ type: 'command', command });
  const items: Item[] = [
    {
      kind: 'menu',
      label: t('editor.heading'),
      icon: <FontSizeOutlined />,
      command: 'heading',
      entries: HEADING_LEVELS.map((level) => ({ key: String(level), label: t('editor.heading_level', { level }) })),
      choose: (key) => onAction({ type: 'heading', level: Number(key) as HeadingLevel }),
    },
    { kind: 'button', label: t('editor.bold'), icon: <BoldOutlined />, command: 'bold', onClick: run('bold') },
    { kind: 'button', label: t('editor.italic'), icon: <ItalicOutlined />, command: 'italic', onClick: run('italic') },
    { kind: 'separator' },
    { kind: 'button', label: t('editor.code'), icon: <CodeOutlined />, command: 'code', onClick: run('code') },
    { kind: 'button', label: t('editor.link'), icon: <LinkOutlined />, command: 'link', onClick: run('link') },
    { kind: 'button', label: t('editor.quote'), icon: <QuoteIcon />, command: 'quote', onClick: run('quote') },
    { kind: 'button', label: t('editor.image'), icon: <PictureOutlined />, command: 'image', onClick: run('image') },
    ...(onAttach
      ? [{ kind: 'button' as const, label: t('editor.attach'), icon: <PaperClipOutlined />, onClick: onAttach }]
      : []),
    { kind: 'separator' },
    {
      kind: 'button',
      label: t('editor.ordered'),
      icon: <OrderedListOutlined />,
      command: 'ordered',
      onClick: run('ordered'),
    },
    {
      kind: 'button',
      label: t('editor.unordered'),
      icon: <UnorderedListOutlined />,
      command: 'unordered',
      onClick: run('unordered'),
    },
    { kind: 'button', label: t('editor.rule'), icon: <LineOutlined />, command: 'rule', onClick: run('rule') },
    { kind: 'separator' },
    { kind: 'button', label: t('editor.table'), icon: <TableOutlined />, onClick: run('table') },
    {
      kind: 'menu',
      label: t('editor.diagram'),
      icon: <PartitionOutlined />,
      entries: DIAGRAM_KINDS.map((kind) => ({ key: kind, label: t(`editor.diagrams.${kind}`) })),
      choose: (key) => onAction({ type: 'diagram', kind: key as DiagramKind }),
    },
    { kind: 'spacer' },
    {
      kind: 'button',
      label: t('editor.help'),
      icon: <QuestionCircleOutlined />,
      onClick: onToggleHelp,
      extra: { 'aria-expanded': helpOpen, 'aria-controls': helpOpen ? helpId : undefined },
    },
  ];

  const rendered: ReactNode[] = [];
  let position = 0;
  for (const [key, item] of items.entries()) {
    if (item.kind === 'separator') {
      rendered.push(<span key={key} className="agora-md__separator" aria-hidden="true" />);
      continue;
    }
    if (item.kind === 'spacer') {
      rendered.push(<span key={key} className="agora-md__spacer" />);
      continue;
    }
    const mine = position;
    position += 1;
    const shortcut = item.command ? shortcutFor(item.command) : undefined;
    const title = shortcut ? `${item.label} (${shortcutLabel(shortcut, mac)})` : item.label;
    const common = {
      type: 'text' as const,
      size: 'small' as const,
      icon: item.icon,
      'aria-label': item.label,
      'aria-keyshortcuts': ariaKeys(shortcut, mac),
      'data-toolbar-item': '',
      tabIndex: mine === active ? 0 : -1,
      onFocus: () => setActive(mine),
    };
    if (item.kind === 'button') {
      rendered.push(
        <Tooltip key={key} title={title}>
          <Button {...common} {...item.extra} onClick={item.onClick} />
        </Tooltip>,
      );
    } else {
      rendered.push(
        <Dropdown
          key={key}
          trigger={['click']}
          autoFocus
          menu={{ items: item.entries, onClick: ({ key: chosen }) => item.choose(chosen) }}
        >
          <Tooltip title={title}>
            <Button {...common} aria-haspopup="menu" />
          </Tooltip>
        </Dropdown>,
      );
    }
  }

  return (
    <div className="agora-md__toolbar" role="toolbar" aria-label={t('editor.toolbar')} ref={root} onKeyDown={onKeyDown}>
      {rendered}
    </div>
  );
}

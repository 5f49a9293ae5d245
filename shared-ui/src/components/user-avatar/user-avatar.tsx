import './user-avatar.css';

/** An avatar as the API gives it: user/info's object {type, gravatar, custom}, elsewhere a URL ('' = none). */
export type AvatarValue = string | { type: string; gravatar?: string; custom?: string };

/** A 40px picture asks for s=96, a 24px one for s=48; larger ones twice their size. */
export function avatarSizeHint(px: number): number {
  if (px <= 24) return 48;
  if (px <= 40) return 96;
  return px * 2;
}

/**
 * The picture URL of an avatar, or null for the system (letter) avatar. user/info gives an object
 * {type, gravatar, custom}; every other endpoint gives a URL string ('' for the system avatar).
 */
export function avatarSource(avatar: AvatarValue | null | undefined, px: number): string | null {
  let url: string | undefined;
  if (typeof avatar === 'string') url = avatar;
  else if (avatar?.type === 'custom') url = avatar.custom;
  else if (avatar?.type === 'gravatar') url = avatar.gravatar;
  url = url?.trim();
  if (!url) return null;
  const size = avatarSizeHint(px);
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // Uploaded avatars are thumbnailed by the server; Gravatar takes the same `s` parameter.
  if (
    !parsed.searchParams.has('s') &&
    (parsed.pathname.startsWith('/uploads/avatar/') || /gravatar/i.test(parsed.host + parsed.pathname))
  ) {
    parsed.searchParams.set('s', String(size));
  }
  return parsed.origin === window.location.origin && url.startsWith('/')
    ? parsed.pathname + parsed.search
    : parsed.href;
}

/** The first letter (code point) of a name, upper-cased: the system avatar. */
export function avatarLetter(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

const COLORS = ['#0033ff', '#0a7d5a', '#8a3ffc', '#b5470b', '#a2191f', '#005d5d', '#6f4e00', '#9f1853'];

function colorOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? COLORS[0]!;
}

export interface UserAvatarProps {
  avatar: AvatarValue | null | undefined;
  /** The name the picture stands for (display name, else username). */
  name: string;
  /** Pixel size: 24, 40 or larger for the profile header. */
  size?: number;
  /** Decorative when the name is written next to it (the default). */
  decorative?: boolean;
  className?: string;
}

/** A user's picture, or the system letter avatar when they have none. */
export function UserAvatar({ avatar, name, size = 40, decorative = true, className }: UserAvatarProps) {
  const src = avatarSource(avatar, size);
  const style = { width: size, height: size };
  const classes = ['agora-avatar', className].filter(Boolean).join(' ');
  if (src) {
    return (
      <img
        className={classes}
        src={src}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        style={style}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className={`${classes} agora-avatar--letter`}
      style={{ ...style, backgroundColor: colorOf(name), fontSize: Math.round(size * 0.45) }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
    >
      {avatarLetter(name)}
    </span>
  );
}

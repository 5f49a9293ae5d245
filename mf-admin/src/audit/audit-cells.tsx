import { paths, questionPath } from '@agora/shared-api';
import type { AdminAuditItem } from '@agora/shared-api/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFullTime } from '../common/full-time';
import { NAMESPACE } from '../namespace';

/** The administrator who made the change: a link to their account, or their name alone once it is purged. */
export function ActorCell({ actor }: { actor: AdminAuditItem['actor'] }) {
  const { t } = useTranslation(NAMESPACE);
  const name = actor.name || t('audit.unknown_actor', { id: actor.user_id });
  if (!actor.exists)
    return (
      <span>
        {name} <span className="admin-muted">{t('audit.actor_removed')}</span>
      </span>
    );
  return <Link to={paths.admin(`users/${actor.user_id}`)}>{name}</Link>;
}

/** What the change is about, in words, linked where it still can be reached. */
export function TargetCell({ target }: { target: AdminAuditItem['target'] }) {
  const { t } = useTranslation(NAMESPACE);
  switch (target.type) {
    case '':
      return <span aria-label={t('audit.no_target')}>—</span>;
    case 'settings':
      return <span>{t(`audit.group.${target.id}`, { defaultValue: target.id })}</span>;
    case 'purge':
      return <span>{t(`audit.purge.${target.id}`, { defaultValue: target.id })}</span>;
    case 'user':
      return (
        <span>
          {t('audit.target.user')} <Link to={paths.admin(`users/${target.id}`)}>{target.name || target.id}</Link>
        </span>
      );
    case 'question':
      return (
        <span>
          {t('audit.target.question')} <Link to={questionPath(target.id)}>{target.name || target.id}</Link>
        </span>
      );
    default:
      return (
        <span>
          {t(`audit.target.${target.type}`, { defaultValue: target.type })} {target.name || target.id}
        </span>
      );
  }
}

/** Switches (plugins, badges) are on or off; other changes name a status or a role. */
const SWITCHES = new Set(['plugin.status_changed', 'badge.status_changed']);

/** A status, role or switch word, in words when this screen knows it. */
function useValue(action: string) {
  const { t } = useTranslation(NAMESPACE);
  const group = SWITCHES.has(action) ? 'switch' : 'value';
  return (value: string) => t(`audit.${group}.${value}`, { defaultValue: value });
}

/** What changed, one short line per part. Settings name the fields; nothing secret ever reaches here. */
export function DetailCell({ item }: { item: AdminAuditItem }) {
  const { t } = useTranslation(NAMESPACE);
  const value = useValue(item.action);
  const fullTime = useFullTime();
  const { detail } = item;
  const lines: string[] = [];
  if (detail.fields) {
    lines.push(
      detail.fields.length ? t('audit.detail.fields', { list: detail.fields.join(', ') }) : t('audit.detail.no_change'),
    );
  }
  if (detail.from !== undefined && detail.to !== undefined)
    lines.push(t('audit.detail.from_to', { from: value(detail.from), to: value(detail.to) }));
  else if (detail.to !== undefined) lines.push(t('audit.detail.to', { to: value(detail.to) }));
  if (detail.until) lines.push(t('audit.detail.until', { time: fullTime(detail.until) }));
  if (detail.count !== undefined) lines.push(t('audit.detail.count', { count: detail.count }));
  if (detail.names?.length) lines.push(t('audit.detail.names', { list: detail.names.join(', ') }));
  for (const option of detail.options ?? []) lines.push(t(`audit.option.${option}`, { defaultValue: option }));
  if (lines.length === 0) return <span aria-label={t('audit.no_detail')}>—</span>;
  return (
    <ul className="audit-detail">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

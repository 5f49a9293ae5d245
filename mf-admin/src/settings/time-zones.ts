/** A group of the time-zone select: a region (Africa, America, ...) and its zones; UTC is a group alone. */
export interface TimeZoneGroup {
  region: string;
  zones: string[];
}

/**
 * The IANA time zones the browser knows, grouped by their region (the part before the first '/'), regions
 * in alphabetical order and UTC last. The saved zone is listed even when this browser does not know it.
 */
export function timeZoneGroups(current = ''): TimeZoneGroup[] {
  const known: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(known.filter((zone) => zone.includes('/')));
  if (current && current !== 'UTC') zones.add(current);
  const groups = new Map<string, string[]>();
  for (const zone of [...zones].sort()) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : zone;
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [
    ...[...groups].sort(([a], [b]) => a.localeCompare(b)).map(([region, list]) => ({ region, zones: list })),
    { region: 'UTC', zones: ['UTC'] },
  ];
}
